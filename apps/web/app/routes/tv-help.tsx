import { Link } from "react-router";
import { Page } from "../components/page.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/tv-help";

const TOPICS = ["install", "signin", "playback", "subtitles"] as const;

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "tvHelp");

export default function TvHelpPage() {
  const t = useT();
  const locale = useLocale();
  return (
    <Page name="tvHelp">
      <div className="faq-list">
        {TOPICS.map((id) => (
          <details key={id} id={id} className="faq-item">
            <summary>
              <h2>{t(`tvHelp.${id}.q`)}</h2>
            </summary>
            <p>{t(`tvHelp.${id}.a`)}</p>
          </details>
        ))}
      </div>
      <p className="callout-line">
        <Link className="button primary" to={localizedPath(locale, "/tv")}>
          {t("tvHelp.enterCode")}
        </Link>
      </p>
    </Page>
  );
}
