import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { ModalDialog } from "../components/modal-dialog.js";
import { usePageAction } from "../components/platform/page-actions.js";
import { Spinner } from "../components/spinner.js";
import { useT } from "../i18n/i18n.js";
import { readPageParams } from "../lib/page-params.js";
import { loginSceneForPath, rememberLoginScene } from "../session/auth-events.js";
import { useDriveSession } from "../session/session.js";
import "./accounts.css";

const SignInForm = lazy(() => import("./sign-in-form.js").then((module) => ({ default: module.SignInForm })));

/**
 * The sign-in dialog: opened by `?action=show_login`, and by `?action=login_required`
 * when nobody is signed in. The scene it was opened from is remembered for the sign-in
 * events; after signing in the user stays on the page they were on.
 */
export function SignInDialog() {
  const t = useT();
  const { pathname, search } = useLocation();
  const { session, reload } = useDriveSession();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [titleKey, setTitleKey] = useState("page.driveLogin.title");
  const show = () => {
    try {
      rememberLoginScene(localStorage, readPageParams(search).scene ?? loginSceneForPath(pathname));
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
  return (
    <ModalDialog
      open={open}
      className="modal-surface sign-in-dialog"
      labelledBy="sign-in-dialog-title"
      onDismiss={() => setOpen(false)}
    >
      <div className="dialog-head">
        <h2 id="sign-in-dialog-title">{t(titleKey)}</h2>
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
            onStepTitle={setTitleKey}
            onSignedIn={() => {
              setOpen(false);
              reload();
            }}
          />
        </Suspense>
      )}
    </ModalDialog>
  );
}
