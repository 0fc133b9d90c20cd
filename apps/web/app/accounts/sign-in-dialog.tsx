import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { usePageAction } from "../components/platform/page-actions.js";
import { Spinner } from "../components/spinner.js";
import { useDriveSession } from "../drive/session.js";
import { useT } from "../i18n/i18n.js";
import { loginSceneForPath, rememberLoginScene } from "./auth-events.js";
import "./accounts.css";

const SignInForm = lazy(() => import("./sign-in-form.js").then((module) => ({ default: module.SignInForm })));

/**
 * The sign-in dialog: opened by `?action=show_login`, and by `?action=login_required`
 * when nobody is signed in. The scene it was opened from is remembered for the sign-in
 * events; after signing in the user stays on the page they were on.
 */
export function SignInDialog() {
  const t = useT();
  const { pathname } = useLocation();
  const { session, reload } = useDriveSession();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const show = () => {
    try {
      rememberLoginScene(localStorage, loginSceneForPath(pathname));
    } catch {
      // No storage: the events go without a scene.
    }
    setOpen(true);
  };
  usePageAction("show_login", show);
  usePageAction("login_required", () => setPending(true));
  // `login_required` waits for the session: a signed-in user sees nothing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: show reads the current path
  useEffect(() => {
    if (!pending || session.status === "loading") return;
    setPending(false);
    if (session.status === "signed-out") show();
  }, [pending, session.status]);
  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
    if (!open && dialog.current?.open) dialog.current.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="sign-in-dialog"
      aria-labelledby="sign-in-dialog-title"
      onClose={() => setOpen(false)}
    >
      <div className="dialog-head">
        <h2 id="sign-in-dialog-title">{t("page.driveLogin.title")}</h2>
        <button
          className="icon-button"
          type="button"
          aria-label={t("platform.captcha.close")}
          onClick={() => setOpen(false)}
        >
          ×
        </button>
      </div>
      {open && (
        <Suspense fallback={<Spinner />}>
          <SignInForm
            onSignedIn={() => {
              setOpen(false);
              reload();
            }}
          />
        </Suspense>
      )}
    </dialog>
  );
}
