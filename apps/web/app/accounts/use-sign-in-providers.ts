import { nimbusApi, type SignInProvider } from "@nimbus/protocol";
import { useEffect, useState } from "react";
import { callEndpoint } from "../api/client.js";
import { useLocale } from "../i18n/i18n.js";

/** The other providers this server lets people sign in with (none until the list arrives). */
export function useSignInProviders(): SignInProvider[] {
  const locale = useLocale();
  const [providers, setProviders] = useState<SignInProvider[]>([]);
  useEffect(() => {
    const abort = new AbortController();
    void callEndpoint(nimbusApi.auth.providers, { locale, signal: abort.signal })
      .then((answer) => {
        if (answer.ok) setProviders(answer.data.providers);
      })
      .catch(() => {});
    return () => abort.abort();
  }, [locale]);
  return providers;
}

/** Where the browser leaves to sign in with (or, `link`, connect) a provider. */
export function providerAuthorizeUrl(providerId: string, returnTo: string, link = false): string {
  const query = new URLSearchParams({ return_to: returnTo, ...(link ? { link: "true" } : {}) });
  return `/v1/auth/providers/${encodeURIComponent(providerId)}/authorize?${query}`;
}
