import type { VerificationResponse, VerificationUsage, VerifyResponse } from "@nimbus/protocol";
import { nimbusApi, VERIFICATION_CODE_TTL_S } from "@nimbus/protocol";
import { useEffect, useId, useState } from "react";
import { useT } from "../i18n/i18n.js";
import { accountCaptchaMeta } from "../session/account-api.js";
import { useAccountAction } from "../session/use-account-api.js";
import { AccountStatus } from "./account-status.js";

export interface VerifiedTarget extends VerifyResponse {
  /** What the code went to, as typed ('' when it went to the signed-in user's own address). */
  target: string;
}

/** `email` or `phone_number`, from what was typed. */
export function targetField(value: string): { email: string } | { phone_number: string } {
  const trimmed = value.trim();
  return trimmed.includes("@") ? { email: trimmed } : { phone_number: trimmed };
}

/** 75 → "1:15". */
function minutesSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function useCountdown(seconds: number): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    if (seconds <= 0) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return left;
}

/**
 * Sends a 6-digit code (`POST /v1/auth/verification`) and verifies it
 * (`…/verification/verify`); `own` sends it to the signed-in user's own address.
 */
export function VerificationCodeStep({
  usage,
  own = false,
  targetLabel,
  submitLabel,
  onVerified,
  initialTarget = "",
}: {
  usage: VerificationUsage;
  own?: boolean;
  targetLabel?: string;
  submitLabel: string;
  onVerified: (verified: VerifiedTarget) => void;
  initialTarget?: string;
}) {
  const t = useT();
  const id = useId();
  const [target, setTarget] = useState(initialTarget);
  const [code, setCode] = useState("");
  const [sent, setSent] = useState<VerificationResponse & { target: string; earlier?: boolean }>();
  const send = useAccountAction(nimbusApi.auth.verification);
  const verify = useAccountAction(nimbusApi.auth.verificationVerify);
  const resendIn = useCountdown(sent?.resend_in ?? 0);
  // The hourly cap answers how long to wait; the send button counts it down.
  const [heldFor, setHeldFor] = useState(0);
  const sendIn = useCountdown(heldFor);

  async function sendCode() {
    const body = own
      ? { usage, target: "USER" as const }
      : { usage, target: "ANY" as const, ...targetField(target) };
    const result = await send.run({
      body,
      ...(own ? {} : { captchaMeta: accountCaptchaMeta(target) }),
    });
    if (result.ok) {
      setSent({ ...result.data, target: own ? "" : target.trim() });
      verify.reset();
      return;
    }
    const { error } = result;
    const retryAfter = Number(error.metadata.retry_after);
    if (error.error !== "too_many_requests" || !(retryAfter > 0)) return;
    if (error.metadata.verification_id) {
      // A code went out less than a minute ago: type that one, a new one after the countdown.
      setSent({
        verification_id: error.metadata.verification_id,
        expires_in: VERIFICATION_CODE_TTL_S,
        resend_in: retryAfter,
        target: own ? "" : target.trim(),
        earlier: true,
      });
      send.reset();
      verify.reset();
    } else {
      setHeldFor(retryAfter);
    }
  }

  const targetInput = own ? null : (
    <>
      <label htmlFor={`${id}-target`}>{targetLabel ?? t("accounts.code.target")}</label>
      <input
        id={`${id}-target`}
        name="target"
        value={target}
        onChange={(event) => setTarget(event.target.value)}
        autoComplete="username"
        required
        readOnly={Boolean(sent)}
      />
    </>
  );

  if (!sent)
    return (
      <form
        className="code-step"
        onSubmit={(event) => {
          event.preventDefault();
          void sendCode();
        }}
      >
        {targetInput}
        <button
          className="button primary"
          type="submit"
          disabled={send.busy || sendIn > 0 || (!own && target.trim() === "")}
        >
          {sendIn > 0 ? t("accounts.code.sendIn", { time: minutesSeconds(sendIn) }) : t("accounts.code.send")}
        </button>
        <AccountStatus state={send.state} />
      </form>
    );

  return (
    <form
      className="code-step"
      onSubmit={async (event) => {
        event.preventDefault();
        const result = await verify.run({
          body: { verification_id: sent.verification_id, verification_code: code.trim() },
        });
        if (result.ok) onVerified({ ...result.data, target: sent.target });
      }}
    >
      {targetInput}
      <p className="muted small" role="status">
        {sent.earlier
          ? sent.target
            ? t("accounts.code.sentEarlierTo", { target: sent.target })
            : t("accounts.code.sentEarlierOwn")
          : sent.target
            ? t("accounts.code.sentTo", { target: sent.target })
            : t("accounts.code.sentOwn")}
      </p>
      <label htmlFor={`${id}-code`}>{t("accounts.code.label")}</label>
      <input
        id={`${id}-code`}
        name="code"
        className="code-input"
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, "").slice(0, 6))}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\d{6}"
        required
        // biome-ignore lint/a11y/noAutofocus: the code field is the only thing to do next
        autoFocus
      />
      <button className="button primary" type="submit" disabled={verify.busy || code.length !== 6}>
        {submitLabel}
      </button>
      <p className="code-links">
        <button className="link-button" type="button" disabled={resendIn > 0 || send.busy} onClick={sendCode}>
          {resendIn > 0 ? t("accounts.code.resendIn", { seconds: resendIn }) : t("accounts.code.resend")}
        </button>
        {!own && (
          <button
            className="link-button"
            type="button"
            onClick={() => {
              setSent(undefined);
              setCode("");
              send.reset();
              verify.reset();
            }}
          >
            {t("accounts.code.changeTarget")}
          </button>
        )}
      </p>
      <AccountStatus state={verify.state} />
      <AccountStatus state={send.state} />
    </form>
  );
}
