import { nimbusApi, type UserMe } from "@nimbus/protocol";
import { useEffect, useId, useState } from "react";
import { useT } from "../../i18n/i18n.js";
import { accountErrorText, useAccountApi } from "../../session/use-account-api.js";
import { useProviderReturn } from "../use-provider-return.js";
import { providerAuthorizeUrl, useSignInProviders } from "../use-sign-in-providers.js";

const ACCOUNT_PAGE = "/drive/account";

/** The other providers the user may sign in with: connect one (a round trip to it) or disconnect it. */
export function ProvidersSection({ user, onChanged }: { user: UserMe; onChanged: () => void }) {
  const t = useT();
  const id = useId();
  const api = useAccountApi();
  const providers = useSignInProviders();
  const returned = useProviderReturn();
  const [error, setError] = useState("");
  useEffect(() => {
    if (returned.error) setError(returned.error);
  }, [returned.error]);
  if (providers.length === 0) return null;
  const linked = new Set(user.providers.map((p) => p.id));
  const justLinked = providers.find((p) => p.id === returned.linked);
  return (
    <section className="card account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("accounts.providers.title")}</h2>
      <p className="muted small">{t("accounts.providers.lead")}</p>
      {justLinked && (
        <p className="form-message success" role="status">
          {t("accounts.providers.linkedNotice", { name: justLinked.name })}
        </p>
      )}
      {error && (
        <p className="form-message error" role="alert">
          {error}
        </p>
      )}
      <ul className="session-list">
        {providers.map((provider) => (
          <li key={provider.id}>
            <div>
              <strong>{provider.name}</strong>
              {linked.has(provider.id) && (
                <span className="badge ok">{t("accounts.providers.connected")}</span>
              )}
            </div>
            {linked.has(provider.id) ? (
              <button
                className="button small"
                type="button"
                onClick={async () => {
                  setError("");
                  const result = await api(nimbusApi.user.providerUnlink, {
                    params: { provider: provider.id },
                  });
                  if (!result.ok) setError(accountErrorText(result.error, t));
                  onChanged();
                }}
              >
                {t("accounts.providers.disconnect", { name: provider.name })}
              </button>
            ) : (
              <a className="button small" href={providerAuthorizeUrl(provider.id, ACCOUNT_PAGE, true)}>
                {t("accounts.providers.connect", { name: provider.name })}
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
