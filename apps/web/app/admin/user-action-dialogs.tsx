import { ADMIN_PREMIUM_MAX_DAYS } from "@nimbus/protocol";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Modal } from "../components/dialogs.js";
import { Spinner } from "../components/spinner.js";
import { useT } from "../i18n/i18n.js";
import { isolated } from "../lib/bidi.js";

/** The dialog's answer button: busy (spinner, "Working…") and disabled while the call runs. */
function SubmitButton({
  pending,
  danger,
  disabled,
  children,
}: {
  pending: boolean;
  danger?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <button
      type="submit"
      className={danger ? "button danger" : "button primary"}
      disabled={pending || disabled}
      aria-busy={pending}
    >
      {pending ? (
        <>
          <Spinner /> {t("admin.users.working")}
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** Cancel, then the answer; the safe choice comes first and takes the focus. */
function DialogForm({
  onSubmit,
  onCancel,
  pending,
  children,
  submit,
}: {
  onSubmit(): void;
  onCancel(): void;
  pending: boolean;
  children: ReactNode;
  submit: ReactNode;
}) {
  const t = useT();
  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (!pending) onSubmit();
      }}
    >
      {children}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel} disabled={pending}>
          {t("files.cancel")}
        </button>
        {submit}
      </div>
    </form>
  );
}

/** "Grant premium": how many days, added to the current expiry. */
export function GrantPremiumDialog({
  pending,
  onGrant,
  onCancel,
}: {
  pending: boolean;
  onGrant(days: number): void;
  onCancel(): void;
}) {
  const t = useT();
  const id = useId();
  const [days, setDays] = useState("31");
  const value = Number(days);
  const valid = Number.isInteger(value) && value >= 1 && value <= ADMIN_PREMIUM_MAX_DAYS;
  return (
    <Modal title={t("admin.users.grantPremium")} onCancel={pending ? () => {} : onCancel}>
      <DialogForm
        pending={pending}
        onCancel={onCancel}
        onSubmit={() => valid && onGrant(value)}
        submit={
          <SubmitButton pending={pending} disabled={!valid}>
            {t("admin.users.grantPremium")}
          </SubmitButton>
        }
      >
        <label htmlFor={`${id}-days`}>{t("admin.users.grant.days")}</label>
        <input
          id={`${id}-days`}
          name="days"
          type="number"
          inputMode="numeric"
          min={1}
          max={ADMIN_PREMIUM_MAX_DAYS}
          step={1}
          required
          value={days}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setDays(event.target.value)}
        />
        <p id={`${id}-hint`} className="muted small">
          {t("admin.users.grant.hint", { max: ADMIN_PREMIUM_MAX_DAYS })}
        </p>
      </DialogForm>
    </Modal>
  );
}

/** "Revoke premium?", "Reset two-step verification?": what happens, then Cancel or the action. */
export function ConfirmUserAction({
  title,
  body,
  confirm,
  pending,
  onConfirm,
  onCancel,
}: {
  title: string;
  body: string;
  confirm: string;
  pending: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <Modal title={title} onCancel={pending ? () => {} : onCancel}>
      <DialogForm
        pending={pending}
        onCancel={onCancel}
        onSubmit={onConfirm}
        submit={
          <SubmitButton pending={pending} danger>
            {confirm}
          </SubmitButton>
        }
      >
        <p className="muted">{body}</p>
      </DialogForm>
    </Modal>
  );
}

/** "Delete this account?": enabled only once the account's name is typed again. */
export function DeleteUserDialog({
  account,
  pending,
  onDelete,
  onCancel,
}: {
  account: string;
  pending: boolean;
  onDelete(confirm: string): void;
  onCancel(): void;
}) {
  const t = useT();
  const id = useId();
  const [typed, setTyped] = useState("");
  const matches = typed.trim().toLowerCase() === account.toLowerCase();
  return (
    <Modal title={t("admin.users.delete.title")} onCancel={pending ? () => {} : onCancel}>
      <DialogForm
        pending={pending}
        onCancel={onCancel}
        onSubmit={() => matches && onDelete(typed.trim())}
        submit={
          <SubmitButton pending={pending} danger disabled={!matches}>
            {t("admin.users.deleteAccount")}
          </SubmitButton>
        }
      >
        <p className="muted">{t("admin.users.delete.body", { account: isolated(account) })}</p>
        <label htmlFor={`${id}-confirm`}>
          {t("admin.users.delete.type", { account: isolated(account) })}
        </label>
        <input
          id={`${id}-confirm`}
          name="confirm"
          type="text"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </DialogForm>
    </Modal>
  );
}
