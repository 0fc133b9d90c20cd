import {
  createContext,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { useLocation } from "react-router";
import { createLayoutState, type LayoutState, MOBILE_MAX_WIDTH_PX } from "../../lib/layout-state.js";
import { applyTheme } from "../../site/theme.js";

export interface LayoutStateValue extends LayoutState {
  setSidebarMobileVisible(visible: boolean): void;
  setI18nMenuPopoverVisible(visible: boolean): void;
  setCollapse(collapsed: boolean): void;
  /** Saves the colour scheme (pp_theme) and applies it at once. */
  setDarkMode(dark: boolean): void;
}

const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH_PX}px)`;
const DARK_QUERY = "(prefers-color-scheme: dark)";

const LayoutStateContext = createContext<LayoutStateValue | null>(null);

/** Dark when `data-theme` says so, or says "system" and the system is dark. */
function readDarkMode(): boolean {
  const theme = document.documentElement.dataset.theme;
  return theme === "dark" || (theme !== "light" && matchMedia(DARK_QUERY).matches);
}

/** Follows `media` (matchMedia) and the html element's `data-theme`; false on the server. */
function useBrowserFlags(): { isMobile: boolean; darkMode: boolean } {
  const [flags, setFlags] = useState({ isMobile: false, darkMode: false });
  useEffect(() => {
    const mobile = matchMedia(MOBILE_QUERY);
    const dark = matchMedia(DARK_QUERY);
    const update = () =>
      setFlags((prev) => {
        const next = { isMobile: mobile.matches, darkMode: readDarkMode() };
        return prev.isMobile === next.isMobile && prev.darkMode === next.darkMode ? prev : next;
      });
    // Right after hydration every layout renders again with the flags (a phone, dark mode): a
    // transition React slices, not one long task (decisions 0081, 0082).
    startTransition(update);
    mobile.addEventListener("change", update);
    dark.addEventListener("change", update);
    // The theme toggle (site/theme.ts) changes data-theme directly.
    const observer = new MutationObserver(update);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
    return () => {
      mobile.removeEventListener("change", update);
      dark.removeEventListener("change", update);
      observer.disconnect();
    };
  }, []);
  return flags;
}

/**
 * The layout state of spec §3 for every layout: isMobile (≤ 768 px, via
 * matchMedia), darkMode (follows data-theme / the system), the sidebar, language
 * popover and collapse toggles, the server time and the current path.
 */
export function LayoutStateProvider({ serverTime, children }: { serverTime: number; children: ReactNode }) {
  const [initial] = useState(() => createLayoutState(() => serverTime));
  const [sidebarMobileVisible, setSidebarMobileVisible] = useState(initial.sidebarMobileVisible);
  const [i18nMenuPopoverVisible, setI18nMenuPopoverVisible] = useState(initial.i18nMenuPopoverVisible);
  const [isCollapse, setCollapse] = useState(initial.isCollapse);
  const { isMobile, darkMode } = useBrowserFlags();
  const { pathname } = useLocation();
  const value = useMemo<LayoutStateValue>(
    () => ({
      ...initial,
      sidebarMobileVisible,
      i18nMenuPopoverVisible,
      isCollapse,
      isMobile,
      darkMode,
      routingPath: pathname,
      setSidebarMobileVisible,
      setI18nMenuPopoverVisible,
      setCollapse,
      setDarkMode: (dark) => applyTheme(dark ? "dark" : "light"),
    }),
    [initial, sidebarMobileVisible, i18nMenuPopoverVisible, isCollapse, isMobile, darkMode, pathname],
  );
  return <LayoutStateContext.Provider value={value}>{children}</LayoutStateContext.Provider>;
}

export function useLayoutState(): LayoutStateValue {
  const value = useContext(LayoutStateContext);
  if (!value) throw new Error("useLayoutState outside <PlatformRoot>");
  return value;
}
