import { Link } from "react-router";
import { Page } from "../components/page.js";
import { documentMessages } from "../i18n/documents.server.js";
import { formatDate } from "../i18n/format.js";
import { MessagesProvider, useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { namedPageMeta } from "../site/meta.js";
import { POLICY_UPDATE_NOTICES } from "../site/policies.js";
import type { Route } from "./+types/policy-update";

export async function loader({ request }: Route.LoaderArgs) {
  return { messages: await documentMessages(request, "policyDoc.notice.") };
}

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "policyUpdate");

function Notices() {
  const t = useT();
  const locale = useLocale();
  const newestFirst = [...POLICY_UPDATE_NOTICES].sort((a, b) => b.date.localeCompare(a.date));
  return (
    <ol className="timeline">
      {newestFirst.map((notice) => (
        <li key={notice.slug} className="card">
          <time dateTime={notice.date}>{formatDate(notice.date, locale)}</time>
          <h2>
            <Link to={localizedPath(locale, `/policy/${notice.slug}`)}>{t(`policy.${notice.doc}`)}</Link>
          </h2>
          <p>{t(`policyDoc.notice.${notice.slug}`)}</p>
        </li>
      ))}
    </ol>
  );
}

export default function PolicyUpdatePage({ loaderData }: Route.ComponentProps) {
  return (
    <MessagesProvider messages={loaderData.messages}>
      <Page name="policyUpdate" className="policy-doc">
        <Notices />
      </Page>
    </MessagesProvider>
  );
}
