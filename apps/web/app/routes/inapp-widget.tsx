import { Link } from "react-router";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { namedPageMeta } from "../site/meta.js";
import { useLinkShown } from "../site/remote-config.js";
import type { Route } from "./+types/inapp-widget";

const SHORTCUTS: ReadonlyArray<[to: string, key: string, icon: string, localized?: boolean]> = [
  ["/drive/recent", "drive.nav.recent", icons.clock],
  ["/drive/all", "drive.nav.all", icons.folder],
  ["/url-checker", "nav.urlChecker", icons.magnet, true],
  ["/check-in", "nav.checkIn", icons.calendar, true],
  ["/inapp/shop", "page.inappShop.title", icons.star, true],
  ["/help-center", "nav.helpCenter", icons.info, true],
];

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "inappWidget");

export default function InappWidgetPage() {
  const t = useT();
  const locale = useLocale();
  const shown = useLinkShown();
  return (
    <main className="page" id="main">
      <h1>{t("page.inappWidget.title")}</h1>
      <p className="lead">{t("page.inappWidget.lead")}</p>
      <ul className="tile-grid">
        {SHORTCUTS.filter(([to]) => shown(to)).map(([to, key, icon, localized]) => (
          <li key={to}>
            <Link className="tile" to={localized ? localizedPath(locale, to) : to}>
              <Icon d={icon} size={26} />
              {t(key)}
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
