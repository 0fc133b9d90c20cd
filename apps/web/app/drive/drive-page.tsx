import type { ReactNode } from "react";
import { LoadFailed, LoadingLine } from "../components/load-state.js";
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
  const { session, reload } = useDriveSession();
  if (session.status === "loading") return <LoadingLine />;
  if (session.status === "signed-out") return <SignInPrompt />;
  if (session.status === "error") return <LoadFailed message={session.message} retry={reload} />;
  return <>{children}</>;
}
