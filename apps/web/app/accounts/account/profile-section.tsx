import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES, nimbusApi, type UserMe } from "@nimbus/protocol";
import { useId, useRef, useState } from "react";
import { EmailAddress } from "../../components/email-address.js";
import { formatDate } from "../../i18n/format.js";
import { useLocale, useT } from "../../i18n/i18n.js";
import { useAccountAction } from "../../session/use-account-api.js";
import { AccountStatus } from "../account-status.js";
import { VerificationCodeStep } from "../verification-code-step.js";
import { uploadAvatar } from "./avatar-upload.js";

function Avatar({ user }: { user: UserMe }) {
  const initial = (user.name || user.email || "?").slice(0, 1).toUpperCase();
  return user.picture ? (
    <img className="account-avatar" src={user.picture} alt="" width={72} height={72} />
  ) : (
    <span className="account-avatar initial" aria-hidden="true">
      {initial}
    </span>
  );
}

/** Avatar (resized by the server), name, email change by code, and the account's facts. */
export function ProfileSection({ user, onChanged }: { user: UserMe; onChanged: () => void }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const file = useRef<HTMLInputElement>(null);
  const [avatarError, setAvatarError] = useState("");
  const [avatarBusy, setAvatarBusy] = useState(false);
  const [changingEmail, setChangingEmail] = useState(false);
  const rename = useAccountAction(nimbusApi.user.updateMe);
  const email = useAccountAction(nimbusApi.accounts.changeEmail);
  return (
    <section className="card account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("account.profile")}</h2>
      <div className="avatar-row">
        <Avatar user={user} />
        <div>
          <input
            ref={file}
            id={`${id}-avatar`}
            className="visually-hidden"
            type="file"
            tabIndex={-1}
            aria-label={t("accounts.avatar.change")}
            accept={AVATAR_CONTENT_TYPES.join(",")}
            onChange={async (event) => {
              const chosen = event.target.files?.[0];
              event.target.value = "";
              if (!chosen) return;
              if (chosen.size > AVATAR_MAX_BYTES) return setAvatarError(t("accounts.avatar.tooLarge"));
              setAvatarBusy(true);
              const message = await uploadAvatar(chosen, locale, t);
              setAvatarBusy(false);
              setAvatarError(message ?? "");
              if (!message) onChanged();
            }}
          />
          <button
            className="button"
            type="button"
            disabled={avatarBusy}
            onClick={() => file.current?.click()}
          >
            {t("accounts.avatar.change")}
          </button>
          <p className="hint">{t("accounts.avatar.hint")}</p>
          {avatarError && (
            <p className="form-message error" role="alert">
              {avatarError}
            </p>
          )}
        </div>
      </div>
      <form
        className="inline-form"
        onSubmit={async (event) => {
          event.preventDefault();
          const name = String(new FormData(event.currentTarget).get("name")).trim();
          const result = await rename.run({ body: { name } });
          if (result.ok) onChanged();
        }}
      >
        <label htmlFor={`${id}-name`}>{t("account.name")}</label>
        <div className="input-row">
          <input
            id={`${id}-name`}
            name="name"
            defaultValue={user.name}
            maxLength={64}
            required
            autoComplete="name"
          />
          <button className="button" type="submit" disabled={rename.busy}>
            {t("accounts.save")}
          </button>
        </div>
        <AccountStatus state={rename.state} done={t("accounts.saved")} />
      </form>
      <dl className="details">
        <div>
          <dt>{t("account.email")}</dt>
          <dd>
            {user.email ? <EmailAddress address={user.email} /> : "—"}{" "}
            <button className="link-button" type="button" onClick={() => setChangingEmail(!changingEmail)}>
              {t("accounts.email.change")}
            </button>
          </dd>
        </div>
        <div>
          <dt>{t("account.phone")}</dt>
          <dd>{user.phone_number || "—"}</dd>
        </div>
        <div>
          <dt>{t("account.since")}</dt>
          <dd>{user.created_at ? formatDate(user.created_at, locale) : "—"}</dd>
        </div>
      </dl>
      {changingEmail && (
        <div className="sub-form">
          <VerificationCodeStep
            usage="CHANGE_EMAIL"
            targetLabel={t("accounts.email.new")}
            submitLabel={t("accounts.email.submit")}
            onVerified={async (verified) => {
              const result = await email.run({
                body: { verification_token: verified.verification_token },
              });
              if (result.ok) {
                setChangingEmail(false);
                onChanged();
              }
            }}
          />
        </div>
      )}
      <AccountStatus state={email.state} done={t("accounts.email.done")} />
    </section>
  );
}
