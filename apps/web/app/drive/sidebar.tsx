import { type RefObject, useEffect } from "react";
import { NavLink } from "react-router";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { useT } from "../i18n/i18n.js";
import { useDriveSession } from "./session.js";
import { SignInPrompt } from "./sign-in-prompt.js";
import { UsageBar } from "./usage-bar.js";

const NAV: ReadonlyArray<[to: string, key: string, icon: string]> = [
  ["/drive/all", "drive.nav.all", icons.folder],
  ["/drive/recent", "drive.nav.recent", icons.clock],
  ["/drive/shares", "drive.nav.shares", icons.share],
  ["/drive/trash", "drive.nav.trash", icons.trash],
];

function Storage() {
  const t = useT();
  const { session } = useDriveSession();
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
      <NavLink className="sidebar-link" to="/drive/payment/storage">
        <Icon d={icons.cloud} />
        {t("drive.moreStorage")}
      </NavLink>
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
          {NAV.map(([to, key, icon]) => (
            <NavLink key={to} className="sidebar-link" to={to} onClick={onClose}>
              <Icon d={icon} />
              {t(key)}
            </NavLink>
          ))}
          <NavLink className="sidebar-link" to="/drive/payment" end onClick={onClose}>
            <Icon d={icons.star} />
            {t("drive.nav.premium")}
          </NavLink>
        </nav>
        <div className="sidebar-storage">
          <h2>{t("drive.storage")}</h2>
          <Storage />
        </div>
      </aside>
    </>
  );
}
