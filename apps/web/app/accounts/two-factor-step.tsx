import { useId, useState } from "react";
import { useT } from "../i18n/i18n.js";

/** The second step of a sign-in with two-factor on: an authenticator code, or a recovery code. */
export function TwoFactorStep({
  busy,
  onSubmit,
  onCancel,
  showTitle = true,
}: {
  showTitle?: boolean;
  busy: boolean;
  onSubmit: (answer: { two_factor_code: string } | { recovery_code: string }) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const id = useId();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState("");
  return (
    <form
      className="stack-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(recovery ? { recovery_code: value.trim() } : { two_factor_code: value.trim() });
      }}
    >
      {showTitle && <h2 className="step-title">{t("accounts.twoFactor.title")}</h2>}
      <p className="muted small">
        {t(recovery ? "accounts.twoFactor.recoveryLead" : "accounts.twoFactor.lead")}
      </p>
      <label htmlFor={`${id}-code`}>
        {t(recovery ? "accounts.twoFactor.recoveryLabel" : "accounts.twoFactor.label")}
      </label>
      <input
        id={`${id}-code`}
        name={recovery ? "recovery_code" : "two_factor_code"}
        className="code-input"
        value={value}
        onChange={(event) =>
          setValue(recovery ? event.target.value : event.target.value.replace(/\D/g, "").slice(0, 6))
        }
        inputMode={recovery ? "text" : "numeric"}
        autoComplete="one-time-code"
        required
        // biome-ignore lint/a11y/noAutofocus: the code is the only thing this step asks for
        autoFocus
      />
      <button className="button primary" type="submit" disabled={busy || (!recovery && value.length !== 6)}>
        {t("accounts.twoFactor.submit")}
      </button>
      <p className="code-links">
        <button
          className="link-button"
          type="button"
          onClick={() => {
            setRecovery(!recovery);
            setValue("");
          }}
        >
          {t(recovery ? "accounts.twoFactor.useApp" : "accounts.twoFactor.useRecovery")}
        </button>
        <button className="link-button" type="button" onClick={onCancel}>
          {t("accounts.back")}
        </button>
      </p>
    </form>
  );
}
