import { Form, Link, useSearchParams } from "react-router";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { LinkDetails } from "../components/link-details.js";
import { Page, Section } from "../components/page.js";
import { PlatformCards } from "../components/platform-cards.js";
import { useT } from "../i18n/i18n.js";
import { isPhoneUserAgent } from "../site/device.js";
import { classifyLink, saveToDriveHref } from "../site/link-kind.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/url-checker";

const KINDS = ["http", "magnet", "ed2k", "thunder"] as const;

export function loader({ request }: Route.LoaderArgs) {
  return { phone: isPhoneUserAgent(request.headers.get("user-agent")) };
}

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "urlChecker");

function Result({ url }: { url: string }) {
  const t = useT();
  const info = classifyLink(url);
  if (info.kind === "invalid")
    return (
      <p className="form-message error" role="alert">
        {t("urlChecker.invalid")}
      </p>
    );
  return (
    <section className="card result" aria-live="polite" aria-labelledby="result-title">
      <h2 id="result-title">
        <Icon d={info.kind === "magnet" ? icons.magnet : icons.link} />
        {t(`urlChecker.kind.${info.kind}`)}
      </h2>
      <p className="muted">{t(`urlChecker.kind.${info.kind}.desc`)}</p>
      <LinkDetails info={info} />
      <Link className="button primary" to={saveToDriveHref(info.url)}>
        <Icon d={icons.save} />
        {t("urlChecker.save")}
      </Link>
    </section>
  );
}

export default function UrlCheckerPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const [params] = useSearchParams();
  const url = params.get("url") ?? "";
  return (
    <Page name="urlChecker" className="wide">
      <Form method="get" className="checker-form" role="search">
        <label htmlFor="checker-url" className="visually-hidden">
          {t("urlChecker.label")}
        </label>
        <input
          key={url}
          id="checker-url"
          name="url"
          type="text"
          inputMode="url"
          defaultValue={url}
          placeholder={t("urlChecker.placeholder")}
          required
          spellCheck={false}
          autoComplete="off"
        />
        <button className="button primary" type="submit">
          {t("urlChecker.check")}
        </button>
      </Form>
      {url && <Result url={url} />}
      <Section title={t("urlChecker.supported")}>
        <ul className="kind-list">
          {KINDS.map((kind) => (
            <li key={kind}>
              <strong>{t(`urlChecker.kind.${kind}`)}</strong>
              <span className="muted">{t(`urlChecker.kind.${kind}.desc`)}</span>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t("urlChecker.apps")}>
        <PlatformCards targets={["android", "ios", "gp"]} plainOnPhones phone={loaderData.phone} />
      </Section>
    </Page>
  );
}
