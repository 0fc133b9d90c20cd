import { useEffect, useId, useRef, useState } from "react";
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
  /** A text back (offline, decision 0059) keeps the dialog and the typed name, and shows it. */
  onSubmit(name: string): string | undefined;
  onCancel(): void;
}) {
  const t = useT();
  const id = useId();
  const [problem, setProblem] = useState<string>();
  return (
    <Modal title={title} onCancel={onCancel}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
          if (name) setProblem(onSubmit(name) || undefined);
        }}
      >
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          name="name"
          defaultValue={initial}
          required
          maxLength={255}
          aria-describedby={problem ? `${id}-problem` : undefined}
          // biome-ignore lint/a11y/noAutofocus: the name is the only thing this dialog asks for
          autoFocus
          onFocus={(event) => event.currentTarget.select()}
        />
        {problem && (
          <p id={`${id}-problem`} className="form-message error" role="alert">
            {problem}
          </p>
        )}
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
