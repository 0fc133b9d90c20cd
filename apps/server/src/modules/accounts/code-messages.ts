import { type Locale, VERIFICATION_CODE_TTL_S, type VerificationUsage } from "@nimbus/protocol";
import type { MailMessage, SmsMessage } from "../../mail/mailer.js";
import { CODE_MESSAGE_TEXTS } from "./code-message-texts.js";

const MINUTES = String(Math.round(VERIFICATION_CODE_TTL_S / 60));

function fill(text: string, code: string): string {
  return text.replaceAll("{minutes}", MINUTES).replaceAll("{code}", code);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The verification-code mail in the reader's language; the code stands on a line of its own. */
export function codeMail(to: string, usage: VerificationUsage, code: string, locale: Locale): MailMessage {
  const texts = CODE_MESSAGE_TEXTS[locale];
  const purpose = texts.purpose[usage];
  const expiry = fill(texts.expiry, code);
  const text = [purpose, "", texts.codeIntro, "", `    ${code}`, "", expiry, "", texts.ignore, ""].join("\n");
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#1f2329">`,
    `<p>${escapeHtml(purpose)}</p>`,
    `<p>${escapeHtml(texts.codeIntro)}</p>`,
    `<p style="font-size:28px;font-weight:600;letter-spacing:6px">${code}</p>`,
    `<p>${escapeHtml(expiry)}</p>`,
    `<p style="color:#646a73">${escapeHtml(texts.ignore)}</p>`,
    "</body></html>",
  ].join("\n");
  return { to, subject: texts.subject[usage], text, html, locale };
}

export function codeSms(to: string, code: string, locale: Locale): SmsMessage {
  return { to, text: fill(CODE_MESSAGE_TEXTS[locale].sms, code) };
}
