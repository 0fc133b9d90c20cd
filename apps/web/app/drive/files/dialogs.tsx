import { type ReactNode, useEffect, useId, useRef } from "react";
import { useT } from "../../i18n/i18n.js";

/** A modal `<dialog>` shown while mounted; Escape or Cancel calls `onCancel`. */
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
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className={`drive-dialog ${className}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
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

/** Asks for a name (new folder). */
export function NameDialog({
  title,
  label,
  initial,
  submit,
  onSubmit,
  onCancel,
}: {
  title: string;
  label: string;
  initial: string;
  submit: string;
  onSubmit(name: string): void;
  onCancel(): void;
}) {
  const t = useT();
  const id = useId();
  return (
    <Modal title={title} onCancel={onCancel}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
          if (name) onSubmit(name);
        }}
      >
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          name="name"
          defaultValue={initial}
          required
          maxLength={255}
          // biome-ignore lint/a11y/noAutofocus: the name is the only thing this dialog asks for
          autoFocus
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onCancel}>
            {t("files.cancel")}
          </button>
          <button type="submit" className="button primary">
            {submit}
          </button>
        </div>
      </form>
    </Modal>
  );
}
