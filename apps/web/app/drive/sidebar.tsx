import { type DragEvent, type RefObject, useEffect } from "react";
import { NavLink } from "react-router";
import { fileIcons } from "../components/file-icons.js";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { LanguageMenu } from "../components/language-menu.js";
import { ThemeToggle } from "../components/theme-toggle.js";
import { useT } from "../i18n/i18n.js";
import { useDriveSession } from "../session/session.js";
import { useFeature } from "../site/remote-config.js";
import { DRAG_TYPE, requestDropInto } from "./drive-events.js";
import { PremiumBadge } from "./premium-badge.js";
import { SignInPrompt } from "./sign-in-prompt.js";
import { TrafficBar, UsageBar } from "./usage-bar.js";

const NAV: ReadonlyArray<[to: string, key: string, icon: string]> = [
  ["/drive/all", "drive.nav.all", icons.folder],
  ["/drive/recent", "drive.nav.recent", icons.clock],
  ["/drive/starred", "drive.nav.starred", fileIcons.starFilled],
  ["/drive/shares", "drive.nav.shares", icons.share],
  ["/drive/tasks", "drive.nav.tasks", icons.magnet],
  ["/drive/trash", "drive.nav.trash", icons.trash],
];

/**
 * "All files" takes items dragged from the list: they move to the root through the
 * list's own move (optimistic, with undo), as a drop onto a folder does.
 */
function rootDropHandlers(name: string) {
  const carries = (event: DragEvent<HTMLElement>) => event.dataTransfer.types.includes(DRAG_TYPE);
  return {
    onDragOver(event: DragEvent<HTMLElement>) {
      if (!carries(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
      event.currentTarget.classList.add("drop-target");
    },
    onDragLeave(event: DragEvent<HTMLElement>) {
      event.currentTarget.classList.remove("drop-target");
    },
    onDrop(event: DragEvent<HTMLElement>) {
      event.currentTarget.classList.remove("drop-target");
      if (!carries(event)) return;
      event.preventDefault();
      const ids = JSON.parse(event.dataTransfer.getData(DRAG_TYPE) || "[]") as string[];
      if (ids.length) requestDropInto({ parentId: "", name, ids });
    },
  };
}

function Storage() {
  const t = useT();
  const { session } = useDriveSession();
  const payments = useFeature("payments");
  if (session.status === "loading") return <div className="skeleton" aria-hidden="true" />;
  if (session.status === "signed-out") return <SignInPrompt compact />;
  if (session.status === "error")
    return (
      <p className="form-message error" role="alert">
        {session.message}
      </p>
    );
  return (
    <>
      {session.about ? <UsageBar about={session.about} /> : <p className="muted">{session.aboutError}</p>}
      {payments && (
        <NavLink className="sidebar-link" to="/drive/payment/storage">
          <Icon d={icons.cloud} />
          {t("drive.moreStorage")}
        </NavLink>
      )}
      {session.about?.quotas?.download && (
        <>
          <h2>{t("drive.traffic.label")}</h2>
          <TrafficBar about={session.about} />
          {payments && (
            <NavLink className="sidebar-link" to="/drive/payment/traffic">
              <Icon d={icons.download} />
              {t("page.drivePaymentTraffic.title")}
            </NavLink>
          )}
        </>
      )}
    </>
  );
}

/**
 * The drive's sidebar. On phones it is a drawer: the header's menu button opens it,
 * Escape or the backdrop closes it and focus goes back to the button.
 */
export function DriveSidebar({
  id,
  open,
  onClose,
  returnFocus,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  returnFocus: RefObject<HTMLButtonElement | null>;
}) {
  const t = useT();
  const payments = useFeature("payments");
  const cloudDownload = useFeature("cloud_download");
  useEffect(() => {
    if (!open) return;
    document.getElementById(id)?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      onClose();
      returnFocus.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, id, onClose, returnFocus]);
  return (
    <>
      {open && (
        <button type="button" className="drawer-backdrop" aria-label={t("common.close")} onClick={onClose} />
      )}
      <aside
        id={id}
        className={open ? "drive-sidebar open" : "drive-sidebar"}
        aria-label={t("drive.sidebar")}
      >
        <nav aria-label={t("drive.nav.label")}>
          {NAV.filter(([to]) => cloudDownload || to !== "/drive/tasks").map(([to, key, icon]) => (
            <NavLink
              key={to}
              className="sidebar-link"
              to={to}
              onClick={onClose}
              {...(to === "/drive/all" ? rootDropHandlers(t(key)) : {})}
            >
              <Icon d={icon} />
              {t(key)}
            </NavLink>
          ))}
          {payments && (
            <NavLink className="sidebar-link" to="/drive/payment" end onClick={onClose}>
              <Icon d={icons.crown} />
              {t("drive.nav.premium")}
              <PremiumBadge compact />
            </NavLink>
          )}
        </nav>
        <div className="sidebar-storage">
          <h2>{t("drive.storage")}</h2>
          <Storage />
        </div>
        {/* On phones the header has no room for these; .mobile-only hides them elsewhere. */}
        <div className="sidebar-settings mobile-only">
          <ThemeToggle />
          <LanguageMenu />
        </div>
      </aside>
    </>
  );
}
