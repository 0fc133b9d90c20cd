import type { SessionInfo } from "@nimbus/protocol";
import { nimbusApi } from "@nimbus/protocol";
import { useCallback, useEffect, useId, useState } from "react";
import { LoadFailed, LoadingLine } from "../../components/load-state.js";
import { formatDate } from "../../i18n/format.js";
import { type Translate, useLocale, useT } from "../../i18n/i18n.js";
import { useSignOut } from "../../session/sign-out.js";
import { accountErrorText, useAccountApi } from "../../session/use-account-api.js";

/** The user's signed-in sessions and devices; end one, or all of them. A part of the Security card. */
export function SessionsSection() {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const api = useAccountApi();
  const signOutEverywhere = useSignOut({ everywhere: true });
  const [sessions, setSessions] = useState<SessionInfo[]>();
  const [error, setError] = useState("");
  const [loadError, setLoadError] = useState<{ message: string; error: string }>();
  const load = useCallback(async () => {
    const result = await api(nimbusApi.auth.listSessions);
    if (result.ok) {
      setSessions(result.data.sessions);
      setLoadError(undefined);
    } else setLoadError({ message: accountErrorText(result.error, t), error: result.error.error });
  }, [api, t]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once; the list reloads after each change
  useEffect(() => {
    void load();
  }, []);
  return (
    <section className="account-subsection" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t("accounts.sessions.title")}</h3>
      <p className="muted small">{t("accounts.sessions.lead")}</p>
      {!sessions && !loadError && <LoadingLine />}
      {loadError && !sessions && (
        <LoadFailed
          message={loadError.message}
          error={loadError.error}
          retry={() => {
            setLoadError(undefined);
            void load();
          }}
        />
      )}
      {error && (
        <p className="form-message error" role="alert">
          {error}
        </p>
      )}
      <ul className="session-list">
        {sessions?.map((session) => (
          <li key={session.id}>
            <div>
              <strong>{deviceLabel(session.device_name, t) || session.client_name}</strong>
              {session.current && <span className="badge ok">{t("accounts.sessions.current")}</span>}
              <p className="muted small">
                {[
                  session.client_name,
                  session.ip,
                  t("accounts.sessions.lastUsed", { date: formatDate(session.last_used_at, locale) }),
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </div>
            {!session.current && (
              <button
                className="button small"
                type="button"
                onClick={async () => {
                  const result = await api(nimbusApi.auth.revokeSession, { params: { id: session.id } });
                  if (!result.ok) setError(accountErrorText(result.error, t));
                  void load();
                }}
              >
                {t("accounts.sessions.end")}
              </button>
            )}
          </li>
        ))}
      </ul>
      <button className="button" type="button" onClick={() => void signOutEverywhere()}>
        {t("accounts.sessions.endAll")}
      </button>
    </section>
  );
}

/**
 * The server's device label in the page's language: it describes a device as "<browser> on
 * <system>" (apps/server/src/modules/auth/device-name.ts), names that stay as they are.
 */
export function deviceLabel(deviceName: string, t: Translate): string {
  const match = /^(.+) on (.+)$/.exec(deviceName);
  return match
    ? t("accounts.sessions.device", { browser: match[1] ?? "", system: match[2] ?? "" })
    : deviceName;
}
