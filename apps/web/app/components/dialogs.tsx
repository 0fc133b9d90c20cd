import { type ReactNode, useId } from "react";
import { useT } from "../i18n/i18n.js";
import { ModalDialog } from "./modal-dialog.js";
import "./dialogs.css";

/**
 * A dialog of the drive or the console, shown while mounted and headed by its title; Escape or
 * Cancel calls `onCancel`.
 */
export function Modal({
  title,
  children,
  onCancel,
  className = "",
}: {
  title: string;
  children: ReactNode;
  onCancel(): void;
  className?: string;
}) {
  const titleId = useId();
  return (
    <ModalDialog
      className={`modal-surface drive-dialog ${className}`}
      labelledBy={titleId}
      onDismiss={onCancel}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </ModalDialog>
  );
}

/** "Delete forever?" and the like: the danger button is not the default focus. */
export function ConfirmDialog({
  title,
  body,
  confirm,
  onConfirm,
  onCancel,
}: {
  title: string;
  body: string;
  confirm: string;
  onConfirm(): void;
  onCancel(): void;
}) {
  const t = useT();
  return (
    <Modal title={title} onCancel={onCancel}>
      <p className="muted">{body}</p>
      <div className="dialog-actions">
        {/* biome-ignore lint/a11y/noAutofocus: the safe choice takes focus in a dialog about deleting for good */}
        <button type="button" className="button" onClick={onCancel} autoFocus>
          {t("files.cancel")}
        </button>
        <button type="button" className="button danger" onClick={onConfirm}>
          {confirm}
        </button>
      </div>
    </Modal>
  );
}
