import type { ReactNode } from "react";
import { Spinner } from "../components/spinner.js";
import { useT } from "../i18n/i18n.js";
import { useDriveSession } from "../session/session.js";
import { SignInPrompt } from "./sign-in-prompt.js";

/** A drive page: its heading (the page's h1) and lead, then the content. */
export function DrivePage({ name, title, children }: { name: string; title?: string; children?: ReactNode }) {
  const t = useT();
  return (
    <main id="main" className="drive-main">
      <div className="drive-page-head">
        <h1>{title ?? t(`page.${name}.title`)}</h1>
        <p className="muted">{t(`page.${name}.lead`)}</p>
      </div>
      {children}
    </main>
  );
}

/** Shows the children to a signed-in user; otherwise loading, the sign-in prompt, or the error. */
export function SessionGate({ children }: { children: ReactNode }) {
  const t = useT();
  const { session, reload } = useDriveSession();
  if (session.status === "loading")
    return (
      <p className="loading-line" role="status">
        <Spinner /> {t("common.loading")}
      </p>
    );
  if (session.status === "signed-out") return <SignInPrompt />;
  if (session.status === "error")
    return (
      <div className="card">
        <p className="form-message error" role="alert">
          {session.message}
        </p>
        <button className="button" type="button" onClick={reload}>
          {t("common.retry")}
        </button>
      </div>
    );
  return <>{children}</>;
}
