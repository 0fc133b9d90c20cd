import { Link } from "react-router";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";

const COLUMNS = [
  {
    key: "footer.product",
    links: [
      { path: "/mobile-app", key: "nav.mobileApp" },
      { path: "/desktop-app", key: "nav.desktopApp" },
      { path: "/browser-extension", key: "nav.browserExtension" },
      { path: "/tv", key: "nav.tv" },
    ],
  },
  {
    key: "footer.support",
    links: [
      { path: "/help-center", key: "nav.helpCenter" },
      { path: "/faq", key: "nav.faq" },
      { path: "/contact-us", key: "nav.contactUs" },
      { path: "/transparency-report", key: "nav.transparencyReport" },
    ],
  },
  {
    key: "footer.legal",
    links: [
      { path: "/policy/user-agreement", key: "policy.user-agreement" },
      { path: "/policy/privacy-policy", key: "policy.privacy-policy" },
      { path: "/policy/membership-agreement", key: "policy.membership-agreement" },
      { path: "/policy/anti-abuse", key: "policy.anti-abuse" },
      { path: "/policy/copyright-Infringement", key: "policy.copyright-Infringement" },
      { path: "/policy/child-sexual-abuse", key: "policy.child-sexual-abuse" },
    ],
  },
] as const;

export function SiteFooter() {
  const t = useT();
  const locale = useLocale();
  return (
    <footer className="site-footer">
      <div className="footer-columns">
        {COLUMNS.map((column) => (
          <nav key={column.key} aria-label={t(column.key)}>
            <h2>{t(column.key)}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.path}>
                  <Link to={localizedPath(locale, link.path)}>{t(link.key)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="copyright">{t("footer.copyright", { year: new Date().getUTCFullYear() })}</p>
    </footer>
  );
}
