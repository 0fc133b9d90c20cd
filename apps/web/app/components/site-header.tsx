import { type RefObject, useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useLocale, useT } from "../i18n/i18n.js";
import { intoDrive, localizedPath } from "../i18n/locale-url.js";
import { useSignedInHint } from "../site/signed-in-hint.js";
import { Icon } from "./icon.js";
import * as icons from "./icons.js";
import { LanguageMenu } from "./language-menu.js";
import { Logo } from "./logo.js";
import { ThemeToggle } from "./theme-toggle.js";
import { useDisclosure } from "./use-disclosure.js";

const NAV = [
  { path: "/mobile-app", key: "nav.mobileApp" },
  { path: "/desktop-app", key: "nav.desktopApp" },
  { path: "/browser-extension", key: "nav.browserExtension" },
  { path: "/url-checker", key: "nav.urlChecker" },
  { path: "/help-center", key: "nav.helpCenter" },
] as const;

export function Brand() {
  const t = useT();
  const locale = useLocale();
  return (
    <Link to={localizedPath(locale, "/")} className="brand" aria-label={t("brand.home")}>
      <Logo />
      <span aria-hidden="true">{t("brand.name")}</span>
    </Link>
  );
}

/** Whether the PC navigation is wider than the room it has (it clips rather than wraps). */
function useNavOverflows(nav: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = nav.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setOverflows(element.scrollWidth > element.clientWidth + 1));
    observer.observe(element);
    return () => observer.disconnect();
  }, [nav]);
  return overflows;
}

/**
 * The public header. Full: the PC header (wide screens) and, at ≤ 768 px, the mobile
 * header whose menu button opens the navigation. Simple: brand and actions only.
 */
export function SiteHeader({ simple = false }: { simple?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const menu = useDisclosure<HTMLElement>();
  const navRef = useRef<HTMLElement>(null);
  const collapsed = useNavOverflows(navRef);
  const signedIn = useSignedInHint();
  const { pathname } = useLocation();
  // A signed-in visitor opens their drive; anyone else signs in (or creates an account) first.
  const drive = signedIn
    ? { to: "/drive/all", key: "nav.openDrive", className: "open-drive" }
    : { to: "/drive/login", key: "nav.signIn", className: "sign-in" };
  const links = NAV.map((item) => (
    <NavLink key={item.path} to={localizedPath(locale, item.path)}>
      {t(item.key)}
    </NavLink>
  ));
  return (
    <header className={simple ? "site-header simple" : "site-header"}>
      <div className={collapsed ? "header-bar nav-collapsed" : "header-bar"}>
        {!simple && (
          <button {...menu.button} className="icon-button mobile-only" aria-label={t("nav.menu")}>
            <Icon d={menu.open ? icons.close : icons.menu} />
          </button>
        )}
        <Brand />
        {!simple && (
          <nav ref={navRef} className="pc-nav" aria-label={t("nav.main")}>
            {links}
          </nav>
        )}
        <div className="header-actions">
          <ThemeToggle />
          <LanguageMenu />
          <Link className={`button primary ${drive.className}`} to={intoDrive(drive.to, pathname)}>
            {t(drive.key)}
          </Link>
        </div>
      </div>
      {!simple && (
        <nav {...menu.panel} className="mobile-menu" aria-label={t("nav.main")}>
          {links}
          <Link className="button primary" to={intoDrive(drive.to, pathname)}>
            {t(drive.key)}
          </Link>
        </nav>
      )}
    </header>
  );
}
