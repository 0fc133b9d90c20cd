import type { UserMe } from "@nimbus/protocol";
import { nimbusApi } from "@nimbus/protocol";
import { useId } from "react";
import { useT } from "../../i18n/i18n.js";
import { useAccountAction } from "../../session/use-account-api.js";
import { AccountStatus } from "../account-status.js";

/** Change the password (or set a first one); every other session ends. A part of the Security card. */
export function PasswordSection({ user, onChanged }: { user: UserMe; onChanged: () => void }) {
  const t = useT();
  const id = useId();
  const change = useAccountAction(nimbusApi.user.changePassword);
  const hasPassword = user.password === "set";
  return (
    <section className="account-subsection" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t("account.password")}</h3>
      <p className="muted small">
        {t(hasPassword ? "accounts.password.lead" : "accounts.password.leadUnset")}
      </p>
      <form
        className="stack-form"
        onSubmit={async (event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const data = new FormData(form);
          const result = await change.run({
            body: {
              ...(hasPassword ? { old_password: String(data.get("old_password")) } : {}),
              new_password: String(data.get("new_password")),
            },
          });
          if (result.ok) {
            form.reset();
            onChanged();
          }
        }}
      >
        {hasPassword && (
          <>
            <label htmlFor={`${id}-old`}>{t("accounts.password.current")}</label>
            <input
              id={`${id}-old`}
              name="old_password"
              type="password"
              autoComplete="current-password"
              required
            />
          </>
        )}
        <label htmlFor={`${id}-new`}>{t("accounts.password.new")}</label>
        <input
          id={`${id}-new`}
          name="new_password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          maxLength={128}
          required
        />
        <button className="button" type="submit" disabled={change.busy}>
          {t(hasPassword ? "accounts.password.change" : "accounts.password.set")}
        </button>
        <AccountStatus
          state={change.state}
          done={
            change.state.status === "done"
              ? t("accounts.password.done", { count: change.state.data.revoked_sessions })
              : ""
          }
        />
      </form>
    </section>
  );
}
