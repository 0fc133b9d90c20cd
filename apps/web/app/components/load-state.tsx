import type { ReactNode } from "react";
import { useT } from "../i18n/i18n.js";
import { Icon } from "./icon.js";
import * as icons from "./icons.js";
import { Spinner } from "./spinner.js";

/** Something loaded in the browser: still coming, failed (its text and error name), or here. */
export type Loadable<T> =
  | { status: "loading" }
  | { status: "error"; message: string; error?: string }
  | { status: "ready"; data: T };

/** The one "still loading" line of every view. */
export function LoadingLine({ label }: { label?: string }) {
  const t = useT();
  return (
    <p className="loading-line" role="status">
      <Spinner /> {label ?? t("common.loading")}
    </p>
  );
}

/** True when the browser itself says it has no network (a cheap, honest hint). */
function browserOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

/**
 * The one "could not load" block of every view: what went wrong in the page's language,
 * Try again, and any other way on (`children`). A call that never reached the server while
 * the browser is offline says so instead of blaming the server.
 */
export function LoadFailed({
  message,
  error,
  title,
  retry,
  children,
}: {
  message: string;
  error?: string;
  /** What could not load, when "This could not load" says too little. */
  title?: string;
  retry?(): void;
  children?: ReactNode;
}) {
  const t = useT();
  const offline = error === "unreachable" && browserOffline();
  return (
    <div className="load-failed" role="alert" data-offline={offline || undefined}>
      <span className="load-failed-icon">
        <Icon d={offline ? icons.cloudOff : icons.alert} size={28} />
      </span>
      <p className="load-failed-title">
        {offline ? t("load.offline.title") : (title ?? t("load.failed.title"))}
      </p>
      <p className="muted">{offline ? t("load.offline.body") : message}</p>
      {(retry || children) && (
        <div className="actions">
          {retry && (
            <button className="button primary" type="button" onClick={retry}>
              {t("common.retry")}
            </button>
          )}
          {children}
        </div>
      )}
    </div>
  );
}

/**
 * A `Loadable` as a view: the loading line, the failure with Try again, or `children(data)`.
 * `actions` are the other ways on from a failure (back to the account page, say).
 */
export function LoadView<T>({
  state,
  retry,
  label,
  actions,
  children,
}: {
  state: Loadable<T>;
  retry?(): void;
  label?: string;
  actions?: ReactNode;
  children(data: T): ReactNode;
}) {
  if (state.status === "loading") return <LoadingLine label={label} />;
  if (state.status === "error")
    return (
      <LoadFailed message={state.message} error={state.error} retry={retry}>
        {actions}
      </LoadFailed>
    );
  return <>{children(state.data)}</>;
}
