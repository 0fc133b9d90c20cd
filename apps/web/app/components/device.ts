import { useEffect, useState } from "react";
import { useLayoutState } from "./platform/layout-state.js";

/** A first guess from the user agent, so the server renders phones their layout. */
export function isPhoneUserAgent(userAgent: string | null): boolean {
  return /Android.+Mobile|iPhone|iPod|Windows Phone|Mobi/i.test(userAgent ?? "");
}

/** Whether the phone layout applies: the server's guess until the layout state has measured. */
export function usePhoneLayout(serverGuess: boolean): boolean {
  const { isMobile } = useLayoutState();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? isMobile : serverGuess;
}
