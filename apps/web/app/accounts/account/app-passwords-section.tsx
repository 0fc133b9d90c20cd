import type { AppPasswordInfo, CreatedAppPassword } from "@nimbus/protocol";
import { nimbusApi } from "@nimbus/protocol";
import { useCallback, useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { ConnectAppGuide, useDavAddress } from "../../components/connect-app-guide.js";
import { ConfirmDialog } from "../../components/dialogs.js";
import { LoadFailed, LoadingLine } from "../../components/load-state.js";
import { formatDate } from "../../i18n/format.js";
import { useLocale, useT } from "../../i18n/i18n.js";
import { localizedPath } from "../../i18n/locale-url.js";
import { accountErrorText, useAccountAction, useAccountApi } from "../../session/use-account-api.js";
import { AccountStatus } from "../account-status.js";

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * App passwords for WebDAV: create one per app (shown once, with a copy button), see when and
 * from where each was last used, revoke one. A part of the Security card.
 */
export function AppPasswordsSection() {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const api = useAccountApi();
  const create = useAccountAction(nimbusApi.user.createAppPassword);
  const [passwords, setPasswords] = useState<AppPasswordInfo[]>();
  const [loadError, setLoadError] = useState<{ message: string; error: string }>();
  const [created, setCreated] = useState<CreatedAppPassword>();
  const [copied, setCopied] = useState<boolean>();
  const [revoking, setRevoking] = useState<AppPasswordInfo>();
  const [error, setError] = useState("");
  const address = useDavAddress();
  const load = useCallback(async () => {
    const result = await api(nimbusApi.user.listAppPasswords);
    if (result.ok) {
      setPasswords(result.data.app_passwords);
      setLoadError(undefined);
    } else setLoadError({ message: accountErrorText(result.error, t), error: result.error.error });
  }, [api, t]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once; the list reloads after each change
  useEffect(() => {
    void load();
  }, []);
  return (
    <section className="account-subsection" aria-labelledby={`${id}-title`} data-testid="app-passwords">
      <h3 id={`${id}-title`}>{t("accounts.appPasswords.title")}</h3>
      <p className="muted small">{t("accounts.appPasswords.lead")}</p>
      <p className="muted small">{t("accounts.appPasswords.address", { url: address })}</p>
      <form
        className="stack-form"
        onSubmit={async (event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const name = String(new FormData(form).get("name") ?? "");
          const result = await create.run({ body: { name } });
          if (result.ok) {
            form.reset();
            setCopied(undefined);
            setCreated(result.data);
            void load();
          }
        }}
      >
        <label htmlFor={`${id}-name`}>{t("accounts.appPasswords.nameLabel")}</label>
        <input
          id={`${id}-name`}
          name="name"
          maxLength={64}
          required
          placeholder={t("accounts.appPasswords.namePlaceholder")}
          autoComplete="off"
        />
        <button className="button" type="submit" disabled={create.busy}>
          {t("accounts.appPasswords.create")}
        </button>
        <AccountStatus state={create.state} />
      </form>
      {created && (
        <div className="recovery-codes" role="status">
          <p>
            <strong>{t("accounts.appPasswords.createdTitle", { name: created.name })}</strong>
          </p>
          <p className="muted small">{t("accounts.appPasswords.createdLead")}</p>
          <div className="inline-form">
            <input
              readOnly
              aria-label={t("accounts.appPasswords.createdTitle", { name: created.name })}
              value={created.password}
              data-testid="new-app-password"
              onFocus={(event) => event.target.select()}
            />
            <button
              type="button"
              className="button primary"
              onClick={() => void copy(created.password).then(setCopied)}
            >
              {t("accounts.appPasswords.copy")}
            </button>
          </div>
          {copied === true && <p className="form-message success">{t("accounts.appPasswords.copied")}</p>}
          {copied === false && <p className="muted small">{t("accounts.appPasswords.copyManually")}</p>}
          <button className="button small" type="button" onClick={() => setCreated(undefined)}>
            {t("accounts.appPasswords.done")}
          </button>
        </div>
      )}
      {!passwords && !loadError && <LoadingLine />}
      {loadError && !passwords && (
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
      {passwords?.length === 0 && <p className="muted small">{t("accounts.appPasswords.empty")}</p>}
      <ul className="session-list" aria-label={t("accounts.appPasswords.title")}>
        {passwords?.map((entry) => (
          <li key={entry.id}>
            <div>
              <strong>{entry.name}</strong>
              <p className="muted small">
                {[
                  t("accounts.appPasswords.created", { date: formatDate(entry.created_time, locale) }),
                  entry.last_used_time
                    ? t("accounts.appPasswords.lastUsed", {
                        date: formatDate(entry.last_used_time, locale),
                        ip: entry.last_ip,
                      })
                    : t("accounts.appPasswords.neverUsed"),
                ].join(" · ")}
              </p>
            </div>
            <button className="button small" type="button" onClick={() => setRevoking(entry)}>
              {t("accounts.appPasswords.revoke")}
            </button>
          </li>
        ))}
      </ul>
      <details className="connect-app-details" data-testid="connect-app-details">
        <summary>{t("connectApp.title")}</summary>
        <ConnectAppGuide address={address} titled={false} />
        <p className="small">
          <Link to={localizedPath(locale, "/help-center/apps/connect-an-app")}>
            {t("connectApp.helpLink")}
          </Link>
        </p>
      </details>
      {revoking && (
        <ConfirmDialog
          title={t("accounts.appPasswords.revokeTitle", { name: revoking.name })}
          body={t("accounts.appPasswords.revokeBody")}
          confirm={t("accounts.appPasswords.revoke")}
          onCancel={() => setRevoking(undefined)}
          onConfirm={async () => {
            const target = revoking;
            setRevoking(undefined);
            const result = await api(nimbusApi.user.revokeAppPassword, { params: { id: target.id } });
            setError(result.ok ? "" : accountErrorText(result.error, t));
            if (result.ok && created?.id === target.id) setCreated(undefined);
            void load();
          }}
        />
      )}
    </section>
  );
}
