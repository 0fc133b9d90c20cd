import { ERROR_CATALOGUE, type ErrorName, NimbusError } from "@nimbus/protocol";
import { useEffect, useState } from "react";
import { useLocale } from "../i18n/i18n.js";
import { errorTextIn } from "../lib/error-text.js";

export interface ProviderReturn {
  /** The provider just connected (`?linked=`). */
  linked: string | undefined;
  /** The localized text of a failed round trip (`?error=`), '' when none. */
  error: string;
  /** A second factor is still needed to finish signing in (`#two_factor_token=`). */
  twoFactorToken: string | undefined;
}

/**
 * What the server's redirect back from a sign-in provider says in this page's URL;
 * read once, then removed from the address bar so a reload does not repeat it.
 */
export function useProviderReturn(): ProviderReturn {
  const locale = useLocale();
  const [found, setFound] = useState<ProviderReturn>({
    linked: undefined,
    error: "",
    twoFactorToken: undefined,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL is read once, on arrival
  useEffect(() => {
    const url = new URL(window.location.href);
    const linked = url.searchParams.get("linked") ?? undefined;
    const error = url.searchParams.get("error");
    const twoFactorToken = new URLSearchParams(url.hash.slice(1)).get("two_factor_token") ?? undefined;
    if (!linked && !error && !twoFactorToken) return;
    url.searchParams.delete("linked");
    url.searchParams.delete("error");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}`);
    setFound({ linked, error: "", twoFactorToken });
    if (error && error in ERROR_CATALOGUE) {
      void errorTextIn(new NimbusError(error as ErrorName), locale).then((text) =>
        setFound((before) => ({ ...before, error: text })),
      );
    }
  }, []);
  return found;
}
