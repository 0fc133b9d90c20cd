import { CLIENT_IP_PATH } from "@nimbus/protocol";
import { useEffect, useState } from "react";
import { useT } from "../i18n/i18n.js";
import { dispatchAnalytics } from "../lib/analytics.js";
import { createEvent } from "../lib/events.js";
import { probePublicIp } from "../lib/public-ip.js";
import { blockPageView } from "../site/access.js";
import { useRemoteView } from "../site/remote-config.js";
import { runRegionCheck } from "../site/use-region-check.js";
import { Logo } from "./logo.js";

/**
 * Shown instead of a gated page when visit access is not granted (spec §2). The
 * visitor's public address is probed (2 s at most, decision 0045) and shown, for a
 * support request. The view is tracked as a `BLOCK_PAGE_VIEW` event on `window`
 * (address, path without the locale, share id, ip), where an analytics integration can pick it up. "Check
 * again" asks the region check afresh (a moved visitor, a lifted block) and
 * reloads when access is granted.
 */
export function BlockPage() {
  const t = useT();
  const [checking, setChecking] = useState(false);
  const [stillBlocked, setStillBlocked] = useState(false);
  const [ip, setIp] = useState<string>();
  const probeUrl = useRemoteView().ipProbeUrl ?? CLIENT_IP_PATH;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one probe and one tracked view per page
  useEffect(() => {
    let live = true;
    void probePublicIp(probeUrl, (url, init) => globalThis.fetch(url, init)).then((address) => {
      if (!live) return;
      setIp(address);
      const view = blockPageView(new URL(window.location.href));
      dispatchAnalytics(
        createEvent({ type: "BLOCK_PAGE_VIEW", source: "nimbus-web", data: { ...view, ip: address ?? "" } }),
      );
    });
    return () => {
      live = false;
    };
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
      {ip && <p className="muted small">{t("block.yourAddress", { ip })}</p>}
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
