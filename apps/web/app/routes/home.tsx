import { Link, useLocation } from "react-router";
import { RemoteBanners } from "../components/announcement-bar.js";
import { isPhoneUserAgent } from "../components/device.js";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { PlatformCards, useConfiguredTargets } from "../components/platform-cards.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { intoDrive, localizedPath } from "../i18n/locale-url.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/home";

const FEATURES: ReadonlyArray<[id: string, icon: string]> = [
  ["store", icons.folder],
  ["stream", icons.play],
  ["share", icons.lock],
  ["save", icons.save],
  ["cloud", icons.magnet],
  ["premium", icons.star],
];

export function loader({ request }: Route.LoaderArgs) {
  return { phone: isPhoneUserAgent(request.headers.get("user-agent")) };
}

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "home");

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const hasApps = useConfiguredTargets().size > 0;
  const { pathname } = useLocation();
  return (
    <main id="main" className="home">
      <RemoteBanners placement="home" />
      <section className="hero">
        <div className="hero-text">
          <p className="eyebrow">{t("home.hero.eyebrow")}</p>
          <h1>{t("page.home.title")}</h1>
          <p className="lead">{t("page.home.lead")}</p>
          <div className="actions">
            <Link className="button primary large" to={intoDrive("/drive/all", pathname)}>
              {t("nav.openDrive")}
            </Link>
            {hasApps ? (
              <a className="button large" href="#apps">
                {t("home.hero.apps")}
              </a>
            ) : null}
          </div>
        </div>
        <div className="hero-art" aria-hidden="true">
          {[icons.folder, icons.play, icons.link, icons.magnet].map((icon) => (
            <div key={icon} className="hero-row">
              <Icon d={icon} size={22} />
              <span className="hero-bar" />
            </div>
          ))}
        </div>
      </section>
      <section className="band" aria-labelledby="features-title">
        <h2 id="features-title">{t("home.features.title")}</h2>
        <ul className="feature-grid">
          {FEATURES.map(([id, icon]) => (
            <li key={id} className="feature">
              <span className="feature-icon">
                <Icon d={icon} size={24} />
              </span>
              <h3>{t(`home.feature.${id}.title`)}</h3>
              <p>{t(`home.feature.${id}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>
      {hasApps ? (
        <section className="band" id="apps" aria-labelledby="apps-title">
          <h2 id="apps-title">{t("home.apps.title")}</h2>
          <p className="muted">{t("home.apps.lead")}</p>
          <PlatformCards plainOnPhones phone={loaderData.phone} />
        </section>
      ) : null}
      <section className="band callout" aria-labelledby="cta-title">
        <h2 id="cta-title">{t("home.cta.title")}</h2>
        <p>{t("home.cta.body")}</p>
        <div className="actions">
          <Link className="button primary large" to={intoDrive("/drive/login", pathname)}>
            {t("home.cta.button")}
          </Link>
          <Link className="button large" to={localizedPath(locale, "/faq")}>
            {t("nav.faq")}
          </Link>
        </div>
      </section>
    </main>
  );
}
