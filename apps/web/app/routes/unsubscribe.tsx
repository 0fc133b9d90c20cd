import { useSearchParams } from "react-router";
import { ENDPOINTS } from "../api/endpoints.js";
import { useApiAction } from "../api/use-api-action.js";
import { FormStatus } from "../components/form-status.js";
import { Page, Section } from "../components/page.js";
import { useT } from "../i18n/i18n.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/unsubscribe";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "unsubscribe");

/** The link in our emails carries `d`, which names the address and the kind of email. */
function Confirm({ token }: { token: string }) {
  const t = useT();
  const { state, run } = useApiAction();
  return (
    <form
      className="card form-card"
      onSubmit={(event) => {
        event.preventDefault();
        void run(`${ENDPOINTS.unsubscribe}?${new URLSearchParams({ d: token })}`, { method: "GET" });
      }}
    >
      <h2>{t("unsubscribe.confirm.title")}</h2>
      <p className="muted">{t("unsubscribe.confirm.body")}</p>
      <button
        className="button primary"
        type="submit"
        disabled={state.status === "busy" || state.status === "done"}
      >
        {t("unsubscribe.confirm.button")}
      </button>
      <FormStatus state={state} done={t("unsubscribe.done")} />
    </form>
  );
}

export default function UnsubscribePage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get("d");
  return (
    <Page name="unsubscribe">
      {token ? <Confirm token={token} /> : <p className="notice">{t("unsubscribe.noLink")}</p>}
      <Section title={t("unsubscribe.kinds.title")}>
        <ul className="bullets">
          <li>{t("unsubscribe.kinds.account")}</li>
          <li>{t("unsubscribe.kinds.news")}</li>
          <li>{t("unsubscribe.kinds.offers")}</li>
        </ul>
      </Section>
    </Page>
  );
}
