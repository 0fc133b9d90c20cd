import { useEffect } from "react";
import { useT } from "../i18n/i18n.js";
import { createEvent } from "../lib/events.js";
import { blockPageView } from "../site/access.js";
import { Logo } from "./logo.js";

/**
 * Shown instead of a gated page when visit access is not granted (spec §2). Its
 * view is tracked as a `BLOCK_PAGE_VIEW` event on `window` (address, path without
 * the locale, share id), where an analytics integration can pick it up.
 */
export function BlockPage() {
  const t = useT();
  useEffect(() => {
    const event = createEvent({
      type: "BLOCK_PAGE_VIEW",
      source: "nimbus-web",
      data: blockPageView(new URL(window.location.href)),
    });
    window.dispatchEvent(new CustomEvent("nimbus:analytics", { detail: event }));
  }, []);
  return (
    <main className="error-page" id="main">
      <Logo size={56} />
      <h1>{t("block.title")}</h1>
      <p>{t("block.tip")}</p>
      <a className="button" href="/policy/user-agreement">
        {t("block.learnMore")}
      </a>
    </main>
  );
}
