import { Link, Outlet, useParams, useSearchParams } from "react-router";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/share";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "share");

/**
 * A shared link (`/s/<share_id>`, folders inside it below). Listing, passcode check,
 * preview and saving come with the share issue; this page says what the link is for.
 */
export default function SharePage({ params }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const folder = useParams()["*"];
  const [query] = useSearchParams();
  return (
    <main id="main" className="drive-main share-page">
      <div className="drive-page-head">
        <h1>{t(folder ? "page.shareFolder.title" : "page.share.title")}</h1>
        <p className="muted">{t(folder ? "page.shareFolder.lead" : "page.share.lead")}</p>
      </div>
      <Outlet />
      <section className="card" aria-labelledby="share-about">
        <h2 id="share-about">{t("share.about.title")}</h2>
        <dl className="details">
          <div>
            <dt>{t("share.id")}</dt>
            <dd>{params.shareId}</dd>
          </div>
          <div>
            <dt>{t("share.passcode")}</dt>
            <dd>{t(query.get("s_code") ? "share.passcode.included" : "share.passcode.ask")}</dd>
          </div>
        </dl>
        <ul className="checks">
          {(["browse", "preview", "save", "passcode"] as const).map((id) => (
            <li key={id}>
              <Icon d={icons.check} size={18} />
              {t(`share.can.${id}`)}
            </li>
          ))}
        </ul>
        <div className="actions">
          <Link className="button primary" to="/drive/all">
            {t("nav.openDrive")}
          </Link>
          <Link className="button" to={localizedPath(locale, "/mobile-app")}>
            {t("share.getApp")}
          </Link>
        </div>
      </section>
    </main>
  );
}
