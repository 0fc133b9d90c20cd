import { data, Link } from "react-router";
import { POLICY_EFFECTIVE, POLICY_SECTIONS } from "../content/policy-docs.js";
import { documentMessages } from "../i18n/documents.server.js";
import { formatDate } from "../i18n/format.js";
import { MessagesProvider, useLocale, useT } from "../i18n/i18n.js";
import { localizedPath, requestLocale } from "../i18n/locale-url.js";
import { pageMeta } from "../site/meta.js";
import { type PolicyPage, resolvePolicy } from "../site/policies.js";
import type { Route } from "./+types/policy";

export async function loader({ request, params }: Route.LoaderArgs) {
  const page = resolvePolicy(params.doc, params.again);
  if (!page) throw data(null, { status: 404 });
  // Dates are formatted and sections picked here, so neither the formatter nor
  // every document's table reaches the page's scripts (spec budget: public pages).
  const locale = requestLocale(request);
  const effective = page.kind === "dated" ? page.effective : POLICY_EFFECTIVE[page.doc];
  return {
    page,
    sections: POLICY_SECTIONS[page.doc],
    dates: {
      effective: formatDate(effective, locale),
      notice: page.kind === "notice" ? formatDate(page.date, locale) : "",
    },
    messages: await documentMessages(request, `policyDoc.${page.doc}.`, "policyDoc.notice."),
  };
}

type PolicyData = Route.ComponentProps["loaderData"];

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches, `policy.${data?.page.doc}`, `policy.${data?.page.doc}.summary`);

function Notice({ page, slug, dates }: { page: PolicyPage; slug: string; dates: PolicyData["dates"] }) {
  const t = useT();
  const locale = useLocale();
  if (page.kind === "current") return null;
  const current = localizedPath(locale, `/policy/${page.doc}`);
  return (
    <div className="notice" role="note">
      {page.kind === "dated" ? (
        <p>{t("policy.datedVersion", { date: dates.effective })}</p>
      ) : (
        <>
          <p>
            <strong>{t("policy.updateNotice", { date: dates.notice })}</strong>
          </p>
          <p>{t(`policyDoc.notice.${slug}`)}</p>
        </>
      )}
      <Link to={current}>{t("policy.readCurrent")}</Link>
    </div>
  );
}

function PolicyDocument({ page, slug, sections, dates }: { slug: string } & PolicyData) {
  const t = useT();
  return (
    <main className="page policy-doc" id="main">
      <h1>{t(`policy.${page.doc}`)}</h1>
      <p className="muted">{t("policy.effective", { date: dates.effective })}</p>
      <Notice page={page} slug={slug} dates={dates} />
      <p className="lead">{t(`policy.${page.doc}.summary`)}</p>
      {sections.map((section, index) => (
        <section key={section} aria-labelledby={`s-${section}`}>
          <h2 id={`s-${section}`}>
            {index + 1}. {t(`policyDoc.${page.doc}.${section}.title`)}
          </h2>
          <p>{t(`policyDoc.${page.doc}.${section}.body`)}</p>
        </section>
      ))}
    </main>
  );
}

export default function PolicyRoute({ loaderData, params }: Route.ComponentProps) {
  return (
    <MessagesProvider messages={loaderData.messages}>
      <PolicyDocument {...loaderData} slug={params.doc} />
    </MessagesProvider>
  );
}
