import { data } from "react-router";
import { useT } from "../i18n/i18n.js";
import { resolvePolicy } from "../site/policies.js";
import type { Route } from "./+types/policy";

export function loader({ params }: Route.LoaderArgs) {
  const page = resolvePolicy(params.doc, params.again);
  if (!page) throw data(null, { status: 404 });
  return page;
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const root = matches.find((m) => m?.id === "root")?.data as
    | { messages?: Record<string, string> }
    | undefined;
  const title = data ? (root?.messages?.[`policy.${data.doc}`] ?? data.doc) : "";
  return [{ title }];
};

export default function PolicyPage({ loaderData: page }: Route.ComponentProps) {
  const t = useT();
  return (
    <main className="page policy" id="main">
      <h1>{t(`policy.${page.doc}`)}</h1>
      {page.kind === "dated" && (
        <p className="notice">{t("policy.datedVersion", { date: page.effective })}</p>
      )}
      {page.kind === "notice" && <p className="notice">{t("policy.updateNotice", { date: page.date })}</p>}
      <p className="lead">{t(`policy.${page.doc}.summary`)}</p>
    </main>
  );
}
