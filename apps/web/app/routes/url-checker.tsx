import { nimbusApi, type Resource } from "@nimbus/protocol";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { isPhoneUserAgent } from "../components/device.js";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { LinkDetails } from "../components/link-details.js";
import { Page, Section } from "../components/page.js";
import { PlatformCards } from "../components/platform-cards.js";
import { formatBytes } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { loginPathFor } from "../session/redirect.js";
import { classifyLink, type LinkInfo, saveToDriveHref } from "../site/link-kind.js";
import { namedPageMeta } from "../site/meta.js";
import { useFeature } from "../site/remote-config.js";
import type { Route } from "./+types/url-checker";

const KINDS = ["http", "magnet", "ed2k", "thunder"] as const;

export function loader({ request }: Route.LoaderArgs) {
  return { phone: isPhoneUserAgent(request.headers.get("user-agent")) };
}

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "urlChecker");

type Checked =
  | { status: "busy" }
  | { status: "ok"; resource: Resource }
  | { status: "signed-out" }
  | { status: "failed"; message: string };

/**
 * Asks the server what the link is (name, size, type, a torrent's files). Signed out,
 * the page keeps what the browser could tell and says that signing in shows more. The
 * API client loads only here, so the page's first load stays small.
 */
function useCheckedLink(url: string): Checked {
  const t = useT();
  const locale = useLocale();
  const [checked, setChecked] = useState<Checked>({ status: "busy" });
  // `t` is a new function on every render; the check runs again only for another link or language.
  const tRef = useRef(t);
  tRef.current = t;
  useEffect(() => {
    const t = tRef.current;
    const controller = new AbortController();
    setChecked({ status: "busy" });
    void (async () => {
      const { callEndpoint, errorText } = await import("../api/client.js");
      const answer = await callEndpoint(nimbusApi.drive.resourceList, {
        body: { urls: url },
        locale,
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      if (!answer.ok) {
        const signedOut = answer.error.status === 401 || answer.error.error === "unauthenticated";
        setChecked(
          signedOut ? { status: "signed-out" } : { status: "failed", message: errorText(answer.error, t) },
        );
        return;
      }
      const resource = answer.data.resources[0];
      if (!resource) setChecked({ status: "failed", message: t("api.unknown") });
      else if (resource.status === "error")
        setChecked({
          status: "failed",
          message: resource.error?.error_description || t("urlChecker.invalid"),
        });
      else setChecked({ status: "ok", resource });
    })().catch(() => {});
    return () => controller.abort();
  }, [url, locale]);
  return checked;
}

function ServerDetails({ checked }: { checked: Checked }) {
  const t = useT();
  const locale = useLocale();
  if (checked.status === "busy")
    return (
      <p className="muted" role="status">
        {t("urlChecker.checking")}
      </p>
    );
  if (checked.status === "signed-out") return <p className="muted">{t("urlChecker.signInForDetails")}</p>;
  if (checked.status === "failed")
    return (
      <p className="form-message error" role="alert">
        {checked.message}
      </p>
    );
  const { resource } = checked;
  const size =
    resource.file_size === undefined || resource.file_size === "" ? undefined : Number(resource.file_size);
  const rows: Array<[string, string | undefined]> = [
    ["urlChecker.field.name", resource.name || undefined],
    [
      "urlChecker.field.size",
      size === undefined || !Number.isFinite(size) ? undefined : formatBytes(size, locale),
    ],
    [
      "urlChecker.field.type",
      resource.folder ? t("urlChecker.type.folder") : resource.mime_type || undefined,
    ],
  ];
  return (
    <>
      <dl className="details checked-details">
        {rows
          .filter((row): row is [string, string] => row[1] !== undefined)
          .map(([key, value]) => (
            <div key={key}>
              <dt>{t(key)}</dt>
              <dd>
                <bdi>{value}</bdi>
              </dd>
            </div>
          ))}
      </dl>
      {resource.files.length > 0 && (
        <details className="checked-files" open={resource.files.length <= 20}>
          <summary>{t("urlChecker.files", { count: resource.files.length })}</summary>
          <ul>
            {resource.files.map((file) => (
              <li key={file.index}>
                <bdi>{file.path}</bdi>
                {file.size !== undefined && (
                  <span className="muted"> · {formatBytes(Number(file.size), locale)}</span>
                )}
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

function CheckedLink({ info }: { info: Exclude<LinkInfo, { kind: "invalid" }> }) {
  const t = useT();
  const checked = useCheckedLink(info.url);
  const save = saveToDriveHref(info.url);
  const cloudDownload = useFeature("cloud_download");
  return (
    <section className="card result" aria-live="polite" aria-labelledby="result-title">
      <h2 id="result-title">
        <Icon d={info.kind === "magnet" ? icons.magnet : icons.link} />
        {t(`urlChecker.kind.${info.kind}`)}
      </h2>
      <p className="muted">{t(`urlChecker.kind.${info.kind}.desc`)}</p>
      <LinkDetails info={info} withName={!(checked.status === "ok" && checked.resource.name)} />
      <ServerDetails checked={checked} />
      {/* Signed out: sign in first, then the drive opens the cloud-download dialog with this link. */}
      {cloudDownload && (
        <Link className="button primary" to={checked.status === "signed-out" ? loginPathFor(save) : save}>
          <Icon d={icons.save} />
          {t("urlChecker.save")}
        </Link>
      )}
    </section>
  );
}

function Result({ url }: { url: string }) {
  const t = useT();
  const info = classifyLink(url);
  if (info.kind === "invalid")
    return (
      <p className="form-message error" role="alert">
        {t("urlChecker.invalid")}
      </p>
    );
  return <CheckedLink info={info} />;
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
