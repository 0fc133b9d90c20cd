import { Link } from "react-router";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { CURRENT_POLICIES } from "../site/policies.js";
import { useLinkShown } from "../site/remote-config.js";
import { Logo } from "./logo.js";

const COLUMNS = [
  {
    key: "footer.product",
    links: [
      ["/mobile-app", "nav.mobileApp"],
      ["/desktop-app", "nav.desktopApp"],
      ["/browser-extension", "nav.browserExtension"],
      ["/tv", "nav.tv"],
      ["/url-checker", "nav.urlChecker"],
    ],
  },
  {
    key: "footer.support",
    links: [
      ["/help-center", "nav.helpCenter"],
      ["/faq", "nav.faq"],
      ["/contact-us", "nav.contactUs"],
      ["/install-apk-troubleshooting", "nav.apkHelp"],
      ["/transparency-report", "nav.transparencyReport"],
    ],
  },
  {
    key: "footer.more",
    links: [
      ["/blog", "nav.blog"],
      ["/referral", "nav.referral"],
      ["/check-in", "nav.checkIn"],
      ["/favorite-links-hub", "nav.favoriteLinks"],
    ],
  },
  {
    key: "footer.legal",
    links: [
      ...CURRENT_POLICIES.map((doc) => [`/policy/${doc}`, `policy.${doc}`] as const),
      ["/policy/update", "nav.policyUpdates"],
    ],
  },
] as const;

/** Blog and referral have no locale prefix (spec §2). */
const UNPREFIXED = new Set(["/blog", "/referral"]);

export function SiteFooter({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const shown = useLinkShown();
  return (
    <footer className="site-footer">
      {!compact && (
        <div className="footer-inner">
          <div className="footer-brand">
            <div className="brand-line">
              <Logo size={28} />
              {t("brand.name")}
            </div>
            <p>{t("brand.tagline")}</p>
          </div>
          {COLUMNS.map((column) => (
            <nav key={column.key} aria-label={t(column.key)}>
              <h2>{t(column.key)}</h2>
              <ul>
                {column.links
                  .filter(([path]) => shown(path))
                  .map(([path, key]) => (
                    <li key={path}>
                      <Link to={UNPREFIXED.has(path) ? path : localizedPath(locale, path)}>{t(key)}</Link>
                    </li>
                  ))}
              </ul>
            </nav>
          ))}
        </div>
      )}
      {/* The year is the server's: a visitor whose clock says another year keeps it, without a hydration mismatch. */}
      <p className="copyright" suppressHydrationWarning>
        {t("footer.copyright", { year: new Date().getUTCFullYear() })}
      </p>
    </footer>
  );
}
