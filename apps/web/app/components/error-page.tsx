import { useT } from "../i18n/i18n.js";
import { Logo } from "./logo.js";

/** The not-found and error pages (spec §2): the logo, a message and a way back. */
export function ErrorPage(
  props: { kind: "not-found"; path: string } | { kind: "error"; status: number } | { kind: "offline" },
) {
  const t = useT();
  if (props.kind === "offline") return <OfflinePage />;
  const title = props.kind === "not-found" ? t("error.notFound", { path: props.path }) : t("error.title");
  return (
    <main className="error-page" id="main">
      <title>{`${title} · ${t("brand.name")}`}</title>
      <a href="/" aria-label={t("brand.home")}>
        <Logo size={56} />
      </a>
      {props.kind === "not-found" ? (
        <>
          <h1>{title}</h1>
          <p>{t("error.notFoundTip")}</p>
        </>
      ) : (
        <>
          <h1>{title}</h1>
          <p>{t("error.tip", { status: props.status })}</p>
        </>
      )}
      <a className="button" href="/">
        {t("error.backHome")}
      </a>
    </main>
  );
}

/** A page that could not load for want of a network (decision 0059): "Try again" reloads it. */
function OfflinePage() {
  const t = useT();
  const title = t("offline.page.title");
  return (
    <main className="error-page" id="main" data-offline-page="">
      <title>{`${title} · ${t("brand.name")}`}</title>
      <a href="/" aria-label={t("brand.home")}>
        <Logo size={56} />
      </a>
      <h1>{title}</h1>
      <p>{t("offline.page.tip")}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t("offline.page.retry")}
      </button>
    </main>
  );
}
