import { useState } from "react";
import { Link } from "react-router";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { LanguageMenu } from "./language-menu.js";
import { Logo } from "./logo.js";

const NAV = [
  { path: "/mobile-app", key: "nav.mobileApp" },
  { path: "/desktop-app", key: "nav.desktopApp" },
  { path: "/browser-extension", key: "nav.browserExtension" },
  { path: "/url-checker", key: "nav.urlChecker" },
  { path: "/help-center", key: "nav.helpCenter" },
] as const;

/** PC header (wide screens) and mobile header with its menu (≤ 768 px), one component. */
export function SiteHeader({ simple = false }: { simple?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className={simple ? "site-header simple" : "site-header"}>
      <Link to={localizedPath(locale, "/")} className="brand" aria-label={t("brand.home")}>
        <Logo />
        <span>{t("brand.name")}</span>
      </Link>
      {!simple && (
        <>
          <nav className="pc-nav" aria-label={t("nav.main")}>
            {NAV.map((item) => (
              <Link key={item.path} to={localizedPath(locale, item.path)}>
                {t(item.key)}
              </Link>
            ))}
          </nav>
          <button
            type="button"
            className="button ghost mobile-menu-button"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <span aria-hidden="true">☰</span>
            <span className="visually-hidden">{t("nav.menu")}</span>
          </button>
        </>
      )}
      <div className="header-actions">
        <LanguageMenu />
        <Link className="button primary" to="/drive/all">
          {t("nav.openDrive")}
        </Link>
      </div>
      {!simple && (
        <nav id="mobile-menu" className="mobile-menu" hidden={!menuOpen} aria-label={t("nav.main")}>
          {NAV.map((item) => (
            <Link key={item.path} to={localizedPath(locale, item.path)} onClick={() => setMenuOpen(false)}>
              {t(item.key)}
            </Link>
          ))}
        </nav>
      )}
    </header>
  );
}
