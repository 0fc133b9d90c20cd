import type { ReactNode } from "react";
import { useChunkReload } from "./chunk-reload.js";
import { DebugConsole } from "./debug-console.js";
import { useDisplayModeCookie } from "./display-mode-cookie.js";
import { useEmbeddedLinks } from "./embedded-links.js";
import { useInviteCapture } from "./invite-capture.js";
import { LayoutStateProvider } from "./layout-state.js";
import { PageActionsProvider } from "./page-actions.js";
import { usePageParams } from "./page-params.js";
import { SitePageActions } from "./site-page-actions.js";
import "./platform.css";

/** The page-wide behaviours that render nothing of their own. */
function PlatformEffects() {
  useChunkReload();
  useEmbeddedLinks();
  useDisplayModeCookie();
  useInviteCapture();
  usePageParams();
  return null;
}

/**
 * Mounted once by the root Layout around every page, the error pages included:
 * layout state, the page action dispatcher and the site-wide actions, embedded mode, the debug console,
 * chunk-error reloads and the display mode cookie mirror.
 */
export function PlatformRoot({ serverTime, children }: { serverTime: number; children: ReactNode }) {
  return (
    <LayoutStateProvider serverTime={serverTime}>
      <PageActionsProvider>
        <PlatformEffects />
        {children}
        <DebugConsole />
        <SitePageActions />
      </PageActionsProvider>
    </LayoutStateProvider>
  );
}
