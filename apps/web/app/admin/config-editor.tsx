import type { ConfigVersion } from "@nimbus/protocol";
import { nimbusApi } from "@nimbus/protocol";
import { useCallback, useEffect, useState } from "react";
import { type ApiFailure, callEndpoint, errorText } from "../api/client.js";
import { LoadFailed, LoadingLine } from "../components/load-state.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { formatMoment } from "./format.js";

/**
 * The remote config editor: the document as JSON (features, per-locale announcements and
 * banners, installers, campaigns, vConsole), saved as a new version with a note; any earlier
 * version is one click away. The server validates the document and refuses a stale base.
 */
export function ConfigEditor() {
  const t = useT();
  const locale = useLocale();
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [text, setText] = useState("");
  const [versions, setVersions] = useState<ConfigVersion[]>([]);
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string } | undefined>(undefined);
  const [loadFailure, setLoadFailure] = useState<ApiFailure | undefined>(undefined);

  const load = useCallback(async () => {
    const [current, history] = await Promise.all([
      callEndpoint(nimbusApi.admin.getConfig, { locale }),
      callEndpoint(nimbusApi.admin.listConfigVersions, { locale }),
    ]);
    if (!current.ok) {
      setLoadFailure(current.error);
      return;
    }
    setVersion(current.data.version);
    setText(JSON.stringify(current.data.document, null, 2));
    if (history.ok) setVersions(history.data.data);
  }, [locale]);

  useEffect(() => {
    void load();
  }, [load]);

  if (version === undefined)
    return loadFailure ? (
      <LoadFailed
        message={errorText(loadFailure, t)}
        error={loadFailure.error}
        retry={() => {
          setLoadFailure(undefined);
          void load();
        }}
      />
    ) : (
      <LoadingLine />
    );

  return (
    <>
      <form
        className="card console-card form-card"
        onSubmit={(event) => {
          event.preventDefault();
          const note = String(new FormData(event.currentTarget).get("note") ?? "");
          let document: unknown;
          try {
            document = JSON.parse(text);
          } catch {
            setMessage({ kind: "error", text: t("admin.config.badJson") });
            return;
          }
          void callEndpoint(nimbusApi.admin.updateConfig, {
            body: { document: document as never, note, base_version: version },
            locale,
          }).then(async (answer) => {
            if (!answer.ok) {
              setMessage({ kind: "error", text: errorText(answer.error, t) });
              return;
            }
            setMessage({ kind: "ok", text: t("admin.config.saved", { version: answer.data.version }) });
            await load();
          });
        }}
      >
        <h2>{t("admin.config.title", { version })}</h2>
        <label htmlFor="console-config">{t("admin.config.document")}</label>
        <textarea
          id="console-config"
          className="console-code"
          rows={18}
          spellCheck={false}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <label htmlFor="console-config-note">{t("admin.config.note")}</label>
        <input id="console-config-note" name="note" maxLength={500} />
        <button type="submit" className="button primary">
          {t("admin.config.save")}
        </button>
        {message && (
          <p className={`form-message ${message.kind === "error" ? "error" : ""}`} role="status">
            {message.text}
          </p>
        )}
      </form>
      <div className="card console-card">
        <h2>{t("admin.config.versions")}</h2>
        <ul className="console-rows">
          {[
            ...versions,
            // Version 0: the defaults; rolling back to it retires every stored version.
            ...(versions.some((entry) => entry.version === 0)
              ? []
              : [{ version: 0, author_user_id: "", note: t("admin.config.defaults"), created_at: "" }]),
          ].map((entry) => (
            <li key={entry.version}>
              <strong>v{entry.version}</strong>
              <span>{entry.note}</span>
              <span className="muted">{formatMoment(entry.created_at, locale)}</span>
              {entry.version !== version && (
                <span className="console-row-actions">
                  <button
                    type="button"
                    className="button ghost"
                    onClick={() =>
                      void callEndpoint(nimbusApi.admin.rollbackConfig, {
                        params: { version: entry.version },
                        locale,
                      }).then(async (answer) => {
                        setMessage(
                          answer.ok
                            ? { kind: "ok", text: t("admin.config.rolledBack", { version: entry.version }) }
                            : { kind: "error", text: errorText(answer.error, t) },
                        );
                        await load();
                      })
                    }
                  >
                    {t("admin.config.rollback", { version: entry.version })}
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
