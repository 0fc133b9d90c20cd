import { useState } from "react";
import { Link } from "react-router";
import { ENDPOINTS } from "../api/endpoints.js";
import { useApiAction } from "../api/use-api-action.js";
import { FormStatus } from "../components/form-status.js";
import { Page, Section, Steps } from "../components/page.js";
import { PlatformCards } from "../components/platform-cards.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/tv";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "tv");

/** Codes are shown as `ABCD-1234`; people type them any way. */
function normalizeTvCode(input: string): string {
  return input.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

function TvCodeForm() {
  const t = useT();
  const [code, setCode] = useState("");
  const { state, run } = useApiAction();
  return (
    <form
      className="card form-card"
      onSubmit={(event) => {
        event.preventDefault();
        void run(ENDPOINTS.deviceVerify, { body: { user_code: normalizeTvCode(code) } });
      }}
    >
      <label htmlFor="tv-code">{t("tv.form.label")}</label>
      <input
        id="tv-code"
        className="code-input"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        required
        minLength={6}
        maxLength={12}
        placeholder="ABCD-1234"
        aria-describedby="tv-code-hint"
      />
      <p id="tv-code-hint" className="hint">
        {t("tv.form.hint")}
      </p>
      <button className="button primary" type="submit" disabled={state.status === "busy"}>
        {t("tv.form.submit")}
      </button>
      <FormStatus state={state} done={t("tv.form.success")} />
    </form>
  );
}

export default function TvPage() {
  const t = useT();
  const locale = useLocale();
  return (
    <Page name="tv" className="two-column">
      <TvCodeForm />
      <Section title={t("tv.steps.title")}>
        <Steps keys={["tv.step1", "tv.step2", "tv.step3"]} />
        <p>
          <Link to={localizedPath(locale, "/tv-help")}>{t("tv.helpLink")}</Link>
        </p>
      </Section>
      <Section title={t("tv.get.title")}>
        <PlatformCards targets={["tv"]} />
      </Section>
    </Page>
  );
}
