import type { CreateShareResponse } from "@nimbus/protocol";
import { PASS_CODE_PATTERN } from "@nimbus/protocol";
import { useState } from "react";
import { Link } from "react-router";
import { errorText } from "../api/client.js";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { Modal } from "./modal.js";
import { absoluteUrl, shareApi } from "./share-api.js";
import { copyToClipboard, shareText } from "./share-text.js";
import "./shares.css";

const EXPIRY_DAYS = [1, 7, 30, 365, -1] as const;
const RESTORE_LIMITS = [-1, 1, 5, 10, 100] as const;

type Created = CreateShareResponse & { title: string };

/** The share dialog: options (passcode, expiry, save limit, title), then the link to copy. */
export default function ShareDialog({ fileIds, onClose }: { fileIds: readonly string[]; onClose(): void }) {
  const t = useT();
  const locale = useLocale();
  const [withCode, setWithCode] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [created, setCreated] = useState<Created | null>(null);
  const [copied, setCopied] = useState(false);

  if (created) {
    const url = absoluteUrl(created.share_url, window.location.origin);
    const text = shareText(t, { title: created.title, url, passCode: created.pass_code });
    return (
      <Modal title={t("shares.dialog.createdTitle")} onClose={onClose}>
        <div className="share-created">
          <p className="muted">{t("shares.dialog.createdLead")}</p>
          <output aria-label={t("shares.dialog.linkText")} data-testid="share-text">
            {text}
          </output>
          {created.pass_code && (
            <p>
              {t("shares.dialog.passcode")}: <strong data-testid="share-passcode">{created.pass_code}</strong>
            </p>
          )}
          <div className="actions share-modal-actions">
            <Link className="button ghost" to="/drive/shares" onClick={onClose}>
              {t("shares.mine.title")}
            </Link>
            <button
              type="button"
              className="button primary"
              onClick={async () => setCopied(await copyToClipboard(text))}
            >
              <Icon d={copied ? icons.check : icons.link} size={18} />
              {t(copied ? "shares.dialog.copied" : "shares.dialog.copy")}
            </button>
          </div>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title={t("shares.dialog.title", { count: fileIds.length })} onClose={onClose}>
      <form
        className="share-options"
        onSubmit={async (event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const code = String(data.get("pass_code") ?? "").trim();
          const title = String(data.get("title") ?? "").trim();
          setBusy(true);
          setError("");
          const result = await shareApi(locale).create({
            file_ids: [...fileIds],
            share_to: withCode ? "encryptedlink" : "publiclink",
            pass_code_option: withCode ? "REQUIRED" : "NOT_REQUIRED",
            ...(withCode && code ? { pass_code: code } : {}),
            expiration_days: Number(data.get("expiration_days")),
            restore_limit: Number(data.get("restore_limit")),
            ...(title ? { title } : {}),
          });
          setBusy(false);
          if (result.ok) setCreated({ ...result.data, title });
          else setError(errorText(result.error, t));
        }}
      >
        <div className="option-row">
          <span id="share-code-label">{t("shares.dialog.protection")}</span>
          <div className="radio-group" role="radiogroup" aria-labelledby="share-code-label">
            <label>
              <input type="radio" name="protection" checked={withCode} onChange={() => setWithCode(true)} />
              {t("shares.dialog.withPasscode")}
            </label>
            <label>
              <input type="radio" name="protection" checked={!withCode} onChange={() => setWithCode(false)} />
              {t("shares.dialog.public")}
            </label>
          </div>
        </div>
        {withCode && (
          <div className="option-row">
            <label htmlFor="share-code">{t("shares.dialog.passcode")}</label>
            <input
              id="share-code"
              name="pass_code"
              maxLength={16}
              pattern={PASS_CODE_PATTERN.source.slice(1, -1)}
              placeholder={t("shares.dialog.passcodeAuto")}
              autoComplete="off"
              aria-describedby="share-code-hint"
            />
            <span />
            <p id="share-code-hint" className="hint">
              {t("shares.dialog.passcodeHint")}
            </p>
          </div>
        )}
        <div className="option-row">
          <label htmlFor="share-expiry">{t("shares.dialog.expiry")}</label>
          <select id="share-expiry" name="expiration_days" defaultValue="7">
            {EXPIRY_DAYS.map((days) => (
              <option key={days} value={days}>
                {days < 0 ? t("shares.dialog.never") : t("shares.dialog.days", { count: days })}
              </option>
            ))}
          </select>
        </div>
        <div className="option-row">
          <label htmlFor="share-limit">{t("shares.dialog.limit")}</label>
          <select id="share-limit" name="restore_limit" defaultValue="-1">
            {RESTORE_LIMITS.map((limit) => (
              <option key={limit} value={limit}>
                {limit < 0 ? t("shares.dialog.unlimited") : t("shares.dialog.saves", { count: limit })}
              </option>
            ))}
          </select>
        </div>
        <div className="option-row">
          <label htmlFor="share-title">{t("shares.dialog.titleField")}</label>
          <input
            id="share-title"
            name="title"
            maxLength={255}
            placeholder={t("shares.dialog.titlePlaceholder")}
          />
        </div>
        {error && (
          <p className="form-message error" role="alert">
            {error}
          </p>
        )}
        <div className="actions share-modal-actions">
          <button type="button" className="button" onClick={onClose}>
            {t("shares.cancel")}
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            <Icon d={icons.share} size={18} />
            {t("shares.dialog.create")}
          </button>
        </div>
      </form>
    </Modal>
  );
}
