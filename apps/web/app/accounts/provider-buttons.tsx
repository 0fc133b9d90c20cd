import { useT } from "../i18n/i18n.js";
import { providerAuthorizeUrl, useSignInProviders } from "./use-sign-in-providers.js";

/**
 * "Continue with …" for each provider the operator configured; nothing when there is
 * none. Plain links: the browser leaves for the provider and comes back signed in.
 */
export function ProviderButtons({ returnTo }: { returnTo: string }) {
  const t = useT();
  const providers = useSignInProviders();
  if (providers.length === 0) return null;
  return (
    <div className="provider-buttons">
      <p className="divider-text muted small">{t("accounts.providers.or")}</p>
      {providers.map((provider) => (
        <a
          key={provider.id}
          className="button provider-button"
          href={providerAuthorizeUrl(provider.id, returnTo)}
        >
          {t("accounts.providers.continueWith", { name: provider.name })}
        </a>
      ))}
    </div>
  );
}
