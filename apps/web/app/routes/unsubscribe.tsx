import type { UnsubscribeInfo } from "@nimbus/protocol";
import { nimbusApi } from "@nimbus/protocol";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useApiAction } from "../api/use-api-action.js";
import { FormStatus } from "../components/form-status.js";
import { Page, Section } from "../components/page.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/unsubscribe";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "unsubscribe");

/**
 * The link in our emails carries `d`, which names the address and the kind of email:
 * `GET ?d=` tells what it names (and whether that is already done), `POST {d}` unsubscribes.
 */
function Confirm({ token }: { token: string }) {
  const t = useT();
  const locale = useLocale();
  const [info, setInfo] = useState<UnsubscribeInfo>();
  const { state, run } = useApiAction(nimbusApi.user.unsubscribe);
  useEffect(() => {
    void import("../api/client.js").then(({ callEndpoint }) =>
      callEndpoint(nimbusApi.user.unsubscribeInfo, { query: { d: token }, locale }).then(
        (result) => result.ok && setInfo(result.data),
      ),
    );
  }, [token, locale]);
  const done = state.status === "done" || info?.unsubscribed === true;
  return (
    <form
      className="card form-card"
      onSubmit={(event) => {
        event.preventDefault();
        void run({ body: { d: token } });
      }}
    >
      <h2>{t("unsubscribe.confirm.title")}</h2>
      {info && (
        <p>
          <strong>{info.email}</strong>
        </p>
      )}
      <p className="muted">{t("unsubscribe.confirm.body")}</p>
      <button className="button primary" type="submit" disabled={state.status === "busy" || done}>
        {t("unsubscribe.confirm.button")}
      </button>
      {info?.unsubscribed && state.status === "idle" ? (
        <p className="form-message success" role="status">
          {t("unsubscribe.done")}
        </p>
      ) : (
        <FormStatus state={state} done={t("unsubscribe.done")} />
      )}
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
