import type { UserMe } from "@nimbus/protocol";
import { nimbusApi } from "@nimbus/protocol";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { useT } from "../../i18n/i18n.js";
import { useDriveSession } from "../../session/session.js";
import { useAccountAction } from "../../session/use-account-api.js";
import { AccountStatus } from "../account-status.js";
import { VerificationCodeStep } from "../verification-code-step.js";

/**
 * Delete the account, proven by the password (or a code when none is set). Every session
 * ends; signing in within 7 days can cancel it.
 */
export function DeleteAccountSection({ user }: { user: UserMe }) {
  const t = useT();
  const id = useId();
  const navigate = useNavigate();
  const { reload } = useDriveSession();
  const [open, setOpen] = useState(false);
  const remove = useAccountAction(nimbusApi.accounts.requestDeletion);
  const done = async (body: { password: string } | { verification_token: string }) => {
    const result = await remove.run({ body });
    if (result.ok) {
      reload();
      void navigate(`/drive/login?deleted=${encodeURIComponent(result.data.delete_at)}`);
    }
  };
  return (
    <section className="card account-section danger-zone" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("accounts.delete.title")}</h2>
      <p className="muted small">{t("accounts.delete.lead")}</p>
      {!open ? (
        <button className="button danger" type="button" onClick={() => setOpen(true)}>
          {t("accounts.delete.start")}
        </button>
      ) : user.password === "set" ? (
        <form
          className="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            void done({ password: String(new FormData(event.currentTarget).get("password")) });
          }}
        >
          <label htmlFor={`${id}-password`}>{t("accounts.password.current")}</label>
          <div className="input-row">
            <input
              id={`${id}-password`}
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
            <button className="button danger" type="submit" disabled={remove.busy}>
              {t("accounts.delete.confirm")}
            </button>
          </div>
        </form>
      ) : (
        <VerificationCodeStep
          usage="DELETE_ACCOUNT"
          own
          submitLabel={t("accounts.delete.confirm")}
          onVerified={(verified) => void done({ verification_token: verified.verification_token })}
        />
      )}
      <AccountStatus state={remove.state} />
    </section>
  );
}
