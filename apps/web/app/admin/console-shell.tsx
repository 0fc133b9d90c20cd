import { nimbusApi } from "@nimbus/protocol";
import { type ReactNode, useEffect, useState } from "react";
import { NavLink } from "react-router";
import { callEndpoint } from "../api/client.js";
import { LoadingLine } from "../components/load-state.js";
import { SessionGate } from "../drive/drive-page.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { useDriveSession } from "../session/session.js";
import "./console.css";

/** The console's sections, in the order of the navigation. */
export const CONSOLE_SECTIONS = [
  { path: "/admin", key: "dashboard" },
  { path: "/admin/users", key: "users" },
  { path: "/admin/moderation", key: "moderation" },
  { path: "/admin/feedback", key: "feedback" },
  { path: "/admin/codes", key: "codes" },
  { path: "/admin/products", key: "products" },
  { path: "/admin/config", key: "config" },
  { path: "/admin/actions", key: "actions" },
  { path: "/admin/transparency", key: "transparency" },
] as const;

type Access = "checking" | "allowed" | "denied" | "failed";

/**
 * The admin console's frame: signed in first, then admins only (the server decides:
 * a 403 from an admin call shows the "not allowed" state), then the navigation and the section.
 */
export function ConsoleShell({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <main id="main" className="drive-main console">
      <div className="drive-page-head">
        <h1>{t("page.admin.title")}</h1>
        <p className="muted">{t("page.admin.lead")}</p>
      </div>
      <SessionGate>
        <AdminGate>
          <nav className="console-nav" aria-label={t("admin.nav.label")}>
            {CONSOLE_SECTIONS.map((section) => (
              <NavLink key={section.key} to={section.path} end={section.path === "/admin"}>
                {t(`admin.nav.${section.key}`)}
              </NavLink>
            ))}
          </nav>
          <section className="console-section">{children}</section>
        </AdminGate>
      </SessionGate>
    </main>
  );
}

function AdminGate({ children }: { children: ReactNode }) {
  const t = useT();
  const locale = useLocale();
  const { session } = useDriveSession();
  const [access, setAccess] = useState<Access>("checking");
  const [attempt, setAttempt] = useState(0);
  const ready = session.status === "ready";
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt asks again (Try again)
  useEffect(() => {
    if (!ready) return;
    let live = true;
    void callEndpoint(nimbusApi.admin.listActions, { query: { limit: 1 }, locale }).then((answer) => {
      if (!live) return;
      if (answer.ok) setAccess("allowed");
      else setAccess(answer.error.status === 403 ? "denied" : "failed");
    });
    return () => {
      live = false;
    };
  }, [ready, locale, attempt]);
  if (access === "checking") return <LoadingLine />;
  if (access !== "allowed")
    return (
      <div className="card console-denied" role="alert">
        <h2>{t(access === "denied" ? "admin.denied.title" : "admin.failed.title")}</h2>
        <p>{t(access === "denied" ? "admin.denied.body" : "admin.failed.body")}</p>
        {access === "failed" && (
          <button
            className="button primary"
            type="button"
            onClick={() => {
              setAccess("checking");
              setAttempt((n) => n + 1);
            }}
          >
            {t("common.retry")}
          </button>
        )}
      </div>
    );
  return <>{children}</>;
}
