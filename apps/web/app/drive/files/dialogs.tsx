import { useEffect, useId, useRef } from "react";
import { Modal } from "../../components/dialogs.js";
import { useT } from "../../i18n/i18n.js";
import { isolated } from "../../lib/bidi.js";
import "./dialogs.css";

/**
 * A rename to a name already taken in the folder (decision 0038): choose another name
 * (the default), keep both (the server numbers the new one), or cancel. No "replace":
 * it would trash an item the person may not even see in the list.
 */
export function RenameClashDialog({
  name,
  onRenameAgain,
  onKeepBoth,
  onCancel,
}: {
  name: string;
  onRenameAgain(): void;
  onKeepBoth(): void;
  onCancel(): void;
}) {
  const t = useT();
  const renameAgain = useRef<HTMLButtonElement>(null);
  // After the dialog opened (its layout effect), which focuses its first button otherwise.
  useEffect(() => renameAgain.current?.focus(), []);
  return (
    <Modal
      title={t("files.renameClash.title", { name: isolated(name) })}
      onCancel={onCancel}
      className="rename-clash-dialog"
    >
      <p className="muted">{t("files.renameClash.body")}</p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel}>
          {t("files.cancel")}
        </button>
        <button type="button" className="button" onClick={onKeepBoth}>
          {t("files.renameClash.keepBoth")}
        </button>
        {/* Choosing another name is the safe, expected answer: it takes the focus. */}
        <button type="button" className="button primary" onClick={onRenameAgain} ref={renameAgain}>
          {t("files.renameClash.renameAgain")}
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
