import { useState } from "react";
import { Link } from "react-router";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { Page, Section } from "../components/page.js";
import { useT } from "../i18n/i18n.js";
import { useFavoriteLinks } from "../site/favorite-links.js";
import { classifyLink, saveToDriveHref } from "../site/link-kind.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/favorite-links-hub";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "favoriteLinksHub");

export default function FavoriteLinksHubPage() {
  const t = useT();
  const { links, add, remove } = useFavoriteLinks();
  const [error, setError] = useState(false);
  return (
    <Page name="favoriteLinksHub">
      <form
        className="card form-card"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const data = new FormData(form);
          const url = String(data.get("url") ?? "").trim();
          const invalid = classifyLink(url).kind === "invalid";
          setError(invalid);
          if (invalid) return;
          add(url, String(data.get("title") ?? "").trim());
          form.reset();
        }}
      >
        <label htmlFor="fav-url">{t("favorites.url")}</label>
        <input id="fav-url" name="url" required spellCheck={false} aria-invalid={error || undefined} />
        <label htmlFor="fav-title">{t("favorites.name")}</label>
        <input id="fav-title" name="title" maxLength={120} />
        <button className="button primary" type="submit">
          {t("favorites.add")}
        </button>
        {error && (
          <p className="form-message error" role="alert">
            {t("urlChecker.invalid")}
          </p>
        )}
      </form>
      <Section title={t("favorites.listTitle", { count: links.length })}>
        {links.length === 0 ? (
          <p className="muted">{t("favorites.empty")}</p>
        ) : (
          <ul className="favorite-list">
            {links.map((link) => {
              const kind = classifyLink(link.url).kind;
              return (
                <li key={link.url} className="card">
                  <div className="favorite-text">
                    <strong>{link.title || link.url}</strong>
                    <span className="muted">
                      {t(`urlChecker.kind.${kind}`)} · {link.url}
                    </span>
                  </div>
                  <div className="favorite-actions">
                    {kind === "http" && (
                      <a className="button" href={link.url} target="_blank" rel="noopener noreferrer">
                        {t("favorites.open")}
                      </a>
                    )}
                    <Link className="button primary" to={saveToDriveHref(link.url)}>
                      <Icon d={icons.save} size={18} />
                      {t("urlChecker.save")}
                    </Link>
                    <button
                      className="icon-button"
                      type="button"
                      onClick={() => remove(link.url)}
                      aria-label={t("favorites.remove", { name: link.title || link.url })}
                    >
                      <Icon d={icons.trash} size={18} />
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Section>
      <p className="muted">{t("favorites.privacy")}</p>
    </Page>
  );
}
