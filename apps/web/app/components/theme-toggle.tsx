import { useT } from "../i18n/i18n.js";
import { Icon } from "./icon.js";
import * as icons from "./icons.js";
import { useLayoutState } from "./platform/layout-state.js";
import { useAwaitingScripts } from "./use-hydrated.js";

/**
 * Light/dark switch: saves pp_theme and flips `data-theme` at once (layout state's
 * darkMode). The icon follows `data-theme` in CSS, so it is right before hydration.
 */
export function ThemeToggle() {
  const t = useT();
  const { darkMode, setDarkMode } = useLayoutState();
  const waiting = useAwaitingScripts();
  return (
    <button
      type="button"
      className="icon-button theme-toggle"
      aria-pressed={darkMode}
      title={t("theme.dark")}
      onClick={() => setDarkMode(!darkMode)}
      {...waiting}
    >
      <span className="when-light">
        <Icon d={icons.moon} />
      </span>
      <span className="when-dark">
        <Icon d={icons.sun} />
      </span>
      <span className="visually-hidden">{t("theme.dark")}</span>
    </button>
  );
}
