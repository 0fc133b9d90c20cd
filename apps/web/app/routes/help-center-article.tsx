import { Link, redirect } from "react-router";
import { ConnectAppGuide, useDavAddress } from "../components/connect-app-guide.js";
import { Steps } from "../components/page.js";
import { DEFAULT_HELP_DIRECTORY, resolveHelpPage } from "../content/help-center.js";
import { documentMessages } from "../i18n/documents.server.js";
import { MessagesProvider, useLocale, useT } from "../i18n/i18n.js";
import { localizedPath, requestLocale } from "../i18n/locale-url.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/help-center-article";

/** `help-center-default-dir`: a slug we do not know goes to the default directory, not a 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const page = resolveHelpPage(params["*"] ?? "");
  if (!page) throw redirect(localizedPath(requestLocale(request), `/help-center/${DEFAULT_HELP_DIRECTORY}`));
  const { directory } = page;
  return {
    dir: directory.slug,
    articles: directory.articles as readonly string[],
    article: page.kind === "article" ? page.article : undefined,
    steps: page.kind === "article" ? page.steps : 0,
    messages: await documentMessages(request, "helpCenter."),
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data?.article
    ? pageMeta(matches, `helpCenter.article.${data.article}.title`, `helpCenter.article.${data.article}.lead`)
    : pageMeta(matches, `helpCenter.dir.${data?.dir}.title`, `helpCenter.dir.${data?.dir}.summary`);

function HelpPage({ dir, articles, article, steps }: Omit<Route.ComponentProps["loaderData"], "messages">) {
  const t = useT();
  const locale = useLocale();
  const path = (rest: string) => localizedPath(locale, `/help-center${rest}`);
  const davAddress = useDavAddress();
  // A topic of one article has nothing related to list.
  const others = articles.filter((slug) => slug !== article);
  return (
    <main className="page help-article" id="main">
      <nav aria-label={t("helpCenter.breadcrumb")} className="breadcrumb">
        <Link to={path("")}>{t("nav.helpCenter")}</Link>
        <span aria-hidden="true">/</span>
        {article ? (
          <Link to={path(`/${dir}`)}>{t(`helpCenter.dir.${dir}.title`)}</Link>
        ) : (
          <span aria-current="page">{t(`helpCenter.dir.${dir}.title`)}</span>
        )}
      </nav>
      {article ? (
        <>
          <h1>{t(`helpCenter.article.${article}.title`)}</h1>
          <p className="lead">{t(`helpCenter.article.${article}.lead`)}</p>
          <Steps
            keys={Array.from({ length: steps }, (_, i) => `helpCenter.article.${article}.step${i + 1}`)}
          />
          {article === "connect-an-app" && <ConnectAppGuide address={davAddress} headingLevel={2} />}
        </>
      ) : (
        <>
          <h1>{t(`helpCenter.dir.${dir}.title`)}</h1>
          <p className="lead">{t(`helpCenter.dir.${dir}.summary`)}</p>
        </>
      )}
      {others.length > 0 && (
        <section className="section" aria-labelledby="related">
          <h2 id="related">{t(article ? "helpCenter.related" : "helpCenter.articles")}</h2>
          <ul className="link-list">
            {others.map((slug) => (
              <li key={slug}>
                <Link to={path(`/${dir}/${slug}`)}>{t(`helpCenter.article.${slug}.title`)}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="callout-line">
        {t("helpCenter.stillStuck")}{" "}
        <Link to={localizedPath(locale, "/contact-us")}>{t("nav.contactUs")}</Link>
      </p>
    </main>
  );
}

export default function HelpCenterArticlePage({ loaderData: { messages, ...page } }: Route.ComponentProps) {
  return (
    <MessagesProvider messages={messages}>
      <HelpPage {...page} />
    </MessagesProvider>
  );
}
