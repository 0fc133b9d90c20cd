import type { TwoFactorEnrolment, TwoFactorStatus } from "@nimbus/protocol";
import { nimbusApi } from "@nimbus/protocol";
import { useCallback, useEffect, useId, useState } from "react";
import { useT } from "../../i18n/i18n.js";
import { useAccountAction, useAccountApi } from "../../session/use-account-api.js";
import { AccountStatus } from "../account-status.js";

function CodeForm({
  label,
  submit,
  busy,
  recoveryAllowed = false,
  onSubmit,
}: {
  label: string;
  submit: string;
  busy: boolean;
  recoveryAllowed?: boolean;
  onSubmit: (answer: { code: string } | { recovery_code: string }) => void;
}) {
  const t = useT();
  const id = useId();
  const [recovery, setRecovery] = useState(false);
  return (
    <form
      className="inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        const value = String(new FormData(event.currentTarget).get("code")).trim();
        onSubmit(recovery ? { recovery_code: value } : { code: value });
      }}
    >
      <label htmlFor={`${id}-code`}>{recovery ? t("accounts.twoFactor.recoveryLabel") : label}</label>
      <div className="input-row">
        <input
          id={`${id}-code`}
          name="code"
          className="code-input"
          inputMode={recovery ? "text" : "numeric"}
          autoComplete="one-time-code"
          pattern={recovery ? undefined : "\\d{6}"}
          maxLength={recovery ? 32 : 6}
          required
        />
        <button className="button" type="submit" disabled={busy}>
          {submit}
        </button>
      </div>
      {recoveryAllowed && (
        <button className="link-button" type="button" onClick={() => setRecovery(!recovery)}>
          {t(recovery ? "accounts.twoFactor.useApp" : "accounts.twoFactor.useRecovery")}
        </button>
      )}
    </form>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const t = useT();
  return (
    <div className="recovery-codes" role="status">
      <p>
        <strong>{t("accounts.recovery.title")}</strong>
      </p>
      <p className="muted small">{t("accounts.recovery.lead")}</p>
      <ul data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <a
        className="button"
        download="nimbus-recovery-codes.txt"
        href={`data:text/plain;charset=utf-8,${encodeURIComponent(`${codes.join("\n")}\n`)}`}
      >
        {t("accounts.recovery.download")}
      </a>
    </div>
  );
}

/** Two-factor: enrol with the QR code, confirm with a first code, recovery codes, turn off. */
export function TwoFactorSection({ onChanged }: { onChanged: () => void }) {
  const t = useT();
  const id = useId();
  const api = useAccountApi();
  const [status, setStatus] = useState<TwoFactorStatus>();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment>();
  const [codes, setCodes] = useState<string[]>();
  const enrol = useAccountAction(nimbusApi.accounts.twoFactorEnrol);
  const confirm = useAccountAction(nimbusApi.accounts.twoFactorConfirm);
  const regenerate = useAccountAction(nimbusApi.accounts.twoFactorRecoveryCodes);
  const disable = useAccountAction(nimbusApi.accounts.twoFactorDisable);
  const load = useCallback(async () => {
    const result = await api(nimbusApi.accounts.twoFactorStatus);
    if (result.ok) setStatus(result.data);
  }, [api]);
  useEffect(() => {
    void load();
  }, [load]);
  const changed = () => {
    void load();
    onChanged();
  };
  return (
    <section className="card account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("accounts.twoFactor.section")}</h2>
      {status?.enabled ? (
        <>
          <p className="badge ok">{t("accounts.twoFactor.on")}</p>
          <p className="muted small">
            {t("accounts.recovery.remaining", { count: status.recovery_codes_remaining })}
          </p>
          <CodeForm
            label={t("accounts.recovery.regenerateLabel")}
            submit={t("accounts.recovery.regenerate")}
            busy={regenerate.busy}
            onSubmit={async (answer) => {
              // Without `recoveryAllowed` the form answers a code.
              const result = await regenerate.run({ body: answer as { code: string } });
              if (result.ok) {
                setCodes(result.data.recovery_codes);
                changed();
              }
            }}
          />
          <AccountStatus state={regenerate.state} />
          <CodeForm
            label={t("accounts.twoFactor.disableLabel")}
            submit={t("accounts.twoFactor.disable")}
            busy={disable.busy}
            recoveryAllowed
            onSubmit={async (answer) => {
              const result = await disable.run({ body: answer });
              if (result.ok) {
                setCodes(undefined);
                changed();
              }
            }}
          />
          <AccountStatus state={disable.state} />
        </>
      ) : enrolment ? (
        <div className="enrolment">
          <p className="muted small">{t("accounts.twoFactor.scan")}</p>
          <img
            className="qr-code"
            src={enrolment.qr_code}
            alt={t("accounts.twoFactor.qrAlt")}
            width={200}
            height={200}
          />
          <p className="small">
            {t("accounts.twoFactor.secret")} <code data-testid="totp-secret">{enrolment.secret}</code>
          </p>
          <CodeForm
            label={t("accounts.twoFactor.label")}
            submit={t("accounts.twoFactor.confirm")}
            busy={confirm.busy}
            onSubmit={async (answer) => {
              const result = await confirm.run({ body: answer as { code: string } });
              if (result.ok) {
                setEnrolment(undefined);
                setCodes(result.data.recovery_codes);
                changed();
              }
            }}
          />
          <AccountStatus state={confirm.state} />
        </div>
      ) : (
        <>
          <p className="muted small">{t("accounts.twoFactor.offLead")}</p>
          <button
            className="button primary"
            type="button"
            disabled={enrol.busy || !status}
            onClick={async () => {
              const result = await enrol.run();
              if (result.ok) setEnrolment(result.data);
            }}
          >
            {t("accounts.twoFactor.enable")}
          </button>
          <AccountStatus state={enrol.state} />
        </>
      )}
      {codes && <RecoveryCodes codes={codes} />}
    </section>
  );
}
