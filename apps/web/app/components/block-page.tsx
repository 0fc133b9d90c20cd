import { useEffect, useState } from "react";
import { useT } from "../i18n/i18n.js";
import { dispatchAnalytics } from "../lib/analytics.js";
import { createEvent } from "../lib/events.js";
import { blockPageView } from "../site/access.js";
import { runRegionCheck } from "../site/use-region-check.js";
import { Logo } from "./logo.js";

/**
 * Shown instead of a gated page when visit access is not granted (spec §2). Its
 * view is tracked as a `BLOCK_PAGE_VIEW` event on `window` (address, path without
 * the locale, share id), where an analytics integration can pick it up. "Check
 * again" asks the region check afresh (a moved visitor, a lifted block) and
 * reloads when access is granted.
 */
export function BlockPage() {
  const t = useT();
  const [checking, setChecking] = useState(false);
  const [stillBlocked, setStillBlocked] = useState(false);
  useEffect(() => {
    const event = createEvent({
      type: "BLOCK_PAGE_VIEW",
      source: "nimbus-web",
      data: blockPageView(new URL(window.location.href)),
    });
    dispatchAnalytics(event);
  }, []);
  async function checkAgain() {
    setChecking(true);
    setStillBlocked(false);
    const verdict = await runRegionCheck(true);
    if (verdict === "ok") {
      window.location.reload();
      return;
    }
    setChecking(false);
    setStillBlocked(true);
  }
  return (
    <main className="error-page" id="main">
      <Logo size={56} />
      <h1>{t("block.title")}</h1>
      <p>{t("block.tip")}</p>
      <p className="block-page-actions">
        <a className="button" href="/policy/user-agreement">
          {t("block.learnMore")}
        </a>
        <button
          type="button"
          className="button ghost"
          onClick={checkAgain}
          disabled={checking}
          aria-busy={checking}
        >
          {t("block.checkAgain")}
        </button>
      </p>
      <p role="status" className="muted">
        {stillBlocked ? t("block.stillBlocked") : ""}
      </p>
    </main>
  );
}
