import type { ShareUserInfo } from "@nimbus/protocol";
import { PASS_CODE_PATTERN } from "@nimbus/protocol";
import { useId } from "react";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { useT } from "../i18n/i18n.js";
import { Sharer } from "./sharer.js";

/** The passcode step of a protected share (PASS_CODE_EMPTY / PASS_CODE_ERROR). */
export function PasscodeForm({
  sharer,
  initialCode,
  message,
  submitting,
  onSubmit,
}: {
  sharer: ShareUserInfo | null;
  initialCode: string;
  message?: string;
  submitting: boolean;
  onSubmit(code: string): void;
}) {
  const t = useT();
  const id = useId();
  return (
    <form
      className="card share-passcode"
      onSubmit={(event) => {
        event.preventDefault();
        const code = String(new FormData(event.currentTarget).get("pass_code") ?? "").trim();
        if (code) onSubmit(code);
      }}
    >
      <span className="feature-icon">
        <Icon d={icons.lock} size={26} />
      </span>
      {sharer && <Sharer user={sharer} />}
      <h2>{t("shares.passcode.title")}</h2>
      <p className="muted">{t("shares.passcode.lead")}</p>
      <label htmlFor={`${id}-code`}>{t("shares.passcode.label")}</label>
      <input
        id={`${id}-code`}
        name="pass_code"
        className="code-input"
        defaultValue={initialCode}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={16}
        pattern={PASS_CODE_PATTERN.source.slice(1, -1)}
        required
        // biome-ignore lint/a11y/noAutofocus: the passcode is the only thing this page asks for
        autoFocus
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
      />
      {message && (
        <p id={`${id}-error`} className="form-message error" role="alert">
          {message}
        </p>
      )}
      <button className="button primary" type="submit" disabled={submitting}>
        {t("shares.passcode.submit")}
      </button>
    </form>
  );
}
