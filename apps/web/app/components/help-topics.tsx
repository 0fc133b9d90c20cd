import { Link } from "react-router";
import { HELP_DIRECTORIES } from "../content/help-center.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { Icon } from "./icon.js";

/** The help center's directories as cards, optionally with their article lists. */
export function HelpTopics({ withArticles = false }: { withArticles?: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <ul className="card-grid">
      {HELP_DIRECTORIES.map((dir) => (
        <li key={dir.slug} className="card">
          <span className="feature-icon">
            <Icon d={dir.icon} size={24} />
          </span>
          <h2>
            <Link to={localizedPath(locale, `/help-center/${dir.slug}`)}>
              {t(`helpCenter.dir.${dir.slug}.title`)}
            </Link>
          </h2>
          <p className="muted">{t(`helpCenter.dir.${dir.slug}.summary`)}</p>
          {withArticles && (
            <ul className="link-list">
              {dir.articles.map((article) => (
                <li key={article}>
                  <Link to={localizedPath(locale, `/help-center/${dir.slug}/${article}`)}>
                    {t(`helpCenter.article.${article}.title`)}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
