import { useEffect, useRef, useState } from "react";
import { useLocale, useT } from "../../i18n/i18n.js";
import { documentCookieJar, USER_ID_COOKIE } from "../../lib/cookies.js";
import { createDebugConsoleGesture, type DebugConsoleGesture } from "../../lib/debug-console.js";
import { whenIdle } from "../../lib/idle.js";
import { reloadForChunkError } from "./chunk-reload.js";
import { fetchAllowVConsole, vconsoleOverride } from "./remote-config.js";
import { loadVConsole } from "./vconsole-loader.js";

/**
 * The debug console (spec §2): 5 clicks anywhere, each under 200 ms after the
 * previous, open vConsole when the remote flag `allow_vconsole` is on (or the
 * `pp_allow_vconsole=1` cookie). vConsole is imported only then, never in the
 * first load. The close button destroys it.
 */
export function DebugConsole() {
  const t = useT();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const gesture = useRef<DebugConsoleGesture | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: set up once per page load; the locale only labels the config call
  useEffect(() => {
    let allowed = vconsoleOverride(document.cookie);
    const cancelFlag = allowed
      ? () => {}
      : whenIdle(() => {
          void fetchAllowVConsole(locale, documentCookieJar(document).get(USER_ID_COOKIE)).then((flag) => {
            allowed = flag;
          });
        });
    const current = createDebugConsoleGesture({
      isAllowed: () => allowed,
      open: async () => {
        const VConsole = await loadVConsole();
        const dark = document.documentElement.dataset.theme === "dark";
        const instance = new VConsole({ theme: dark ? "dark" : "light" });
        setOpen(true);
        return instance;
      },
      onError: (error) => {
        if (!reloadForChunkError(error)) console.warn("debug console failed to load", error);
      },
    });
    gesture.current = current;
    const onClick = () => void current.click();
    document.addEventListener("click", onClick, true);
    return () => {
      cancelFlag();
      document.removeEventListener("click", onClick, true);
      current.close();
    };
  }, []);

  if (!open) return null;
  return (
    <button
      type="button"
      className="debug-console-close"
      onClick={() => {
        gesture.current?.close();
        setOpen(false);
      }}
    >
      {t("platform.debugConsole.close")}
    </button>
  );
}
