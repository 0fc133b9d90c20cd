import { useCallback, useRef } from "react";
import { Outlet, redirect, useLocation } from "react-router";
import { SignInDialog } from "../accounts/sign-in-dialog.js";
import { QueryRoot } from "../api/query.js";
import { useLayoutState } from "../components/platform/layout-state.js";
import { usePageAction } from "../components/platform/page-actions.js";
import { BuildUpdate } from "../drive/build-update.js";
import { DriveHeader } from "../drive/drive-header.js";
import { DrivePageActions } from "../drive/drive-page-actions.js";
import { GuideDialog } from "../drive/guide-dialog.js";
import { OfflineNotice } from "../drive/offline-notice.js";
import { PreviewHost } from "../drive/preview/preview-host.js";
import { useSharedFiles } from "../drive/share-target.js";
import { DriveSidebar } from "../drive/sidebar.js";
import { UploadHost } from "../drive/upload/upload-host.js";
import { readCookieValue, SESSION_COOKIE } from "../lib/cookies.js";
import type { FirstSession } from "../session/first-session.js";
import { loadFirstSession } from "../session/first-session.server.js";
import { anonymousDriveRedirect } from "../session/redirect.js";
import { DriveSessionContext, useLoadDriveSession } from "../session/session.js";
import { ShareDialogHost } from "../shares/share-dialog-host.js";
import "../styles/drive.css";
import type { Route } from "./+types/drive";

const SIDEBAR_ID = "drive-sidebar";

/**
 * A visitor without a session who opens the drive goes to the sign-in page first. A page
 * load brings the session along, so the shell renders signed in from the server on; a
 * client navigation does not (the browser holds the session and refreshes it itself).
 */
export async function loader({
  request,
  context,
}: Route.LoaderArgs): Promise<{ session: FirstSession | null }> {
  const hasSession = readCookieValue(request.headers.get("cookie"), SESSION_COOKIE) !== undefined;
  const to = anonymousDriveRedirect(new URL(request.url), hasSession);
  if (to) throw redirect(to);
  const document = context.documentRequest !== false;
  return { session: document ? await loadFirstSession(request, context.apiFetch) : null };
}

/**
 * The loader reads only the path and the cookie: a new query on the same page (a page
 * action taking itself out of the address, a folder opened) asks nothing again, so
 * `?action=show_login` keeps its dialog.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: {
  currentUrl: URL;
  nextUrl: URL;
  defaultShouldRevalidate: boolean;
}) {
  return currentUrl.pathname !== nextUrl.pathname && defaultShouldRevalidate;
}

/**
 * The drive: header (search, upload, redeem box, avatar), sidebar with disk usage (a
 * drawer on phones), the first-visit guide, and the page. Sign-in and share pages
 * use the header alone.
 */
export default function DriveLayout({ loaderData }: Route.ComponentProps) {
  const driveSession = useLoadDriveSession(loaderData?.session ?? null);
  const { pathname } = useLocation();
  // Share pages and the admin console use the header alone.
  const variant =
    pathname === "/drive/login"
      ? "login"
      : pathname.startsWith("/s/") || pathname === "/admin" || pathname.startsWith("/admin/")
        ? "share"
        : "full";
  const withSidebar = variant === "full";
  const { sidebarMobileVisible: drawerOpen, setSidebarMobileVisible } = useLayoutState();
  const closeDrawer = useCallback(() => setSidebarMobileVisible(false), [setSidebarMobileVisible]);
  usePageAction("show_mobile_sidebar", () => setSidebarMobileVisible(true));
  const menuButton = useRef<HTMLButtonElement>(null);
  // Files another app shared to the installed app (the manifest's share target) upload here.
  useSharedFiles();
  return (
    <DriveSessionContext.Provider value={driveSession}>
      <QueryRoot>
        <div className={withSidebar ? "layout layout-drive" : "layout layout-drive no-sidebar"}>
          <DriveHeader
            sidebarId={SIDEBAR_ID}
            drawerOpen={drawerOpen}
            onMenu={() => setSidebarMobileVisible(!drawerOpen)}
            menuButton={menuButton}
            variant={variant}
          />
          {withSidebar && (
            <DriveSidebar id={SIDEBAR_ID} open={drawerOpen} onClose={closeDrawer} returnFocus={menuButton} />
          )}
          <Outlet />
          {withSidebar && <GuideDialog />}
          {withSidebar && <UploadHost />}
          <BuildUpdate />
          <OfflineNotice />
          {withSidebar && <PreviewHost />}
          {variant !== "login" && <SignInDialog />}
          <ShareDialogHost />
          {withSidebar && <DrivePageActions />}
        </div>
      </QueryRoot>
    </DriveSessionContext.Provider>
  );
}
