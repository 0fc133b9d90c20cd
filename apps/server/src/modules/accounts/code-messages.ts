import { type Locale, VERIFICATION_CODE_TTL_S, type VerificationUsage } from "@nimbus/protocol";
import { serverText } from "@nimbus/texts/server";
import type { MailMessage, SmsMessage } from "../../mail/mailer.js";

const MINUTES = Math.round(VERIFICATION_CODE_TTL_S / 60);

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The verification-code mail in the reader's language; the code stands on a line of its own. */
export function codeMail(to: string, usage: VerificationUsage, code: string, locale: Locale): MailMessage {
  const purpose = serverText(locale, `mail.code.purpose.${usage}`);
  const codeIntro = serverText(locale, "mail.code.codeIntro");
  const expiry = serverText(locale, "mail.code.expiry", { minutes: MINUTES });
  const ignore = serverText(locale, "mail.code.ignore");
  const text = [purpose, "", codeIntro, "", `    ${code}`, "", expiry, "", ignore, ""].join("\n");
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#1f2329">`,
    `<p>${escapeHtml(purpose)}</p>`,
    `<p>${escapeHtml(codeIntro)}</p>`,
    `<p style="font-size:28px;font-weight:600;letter-spacing:6px">${code}</p>`,
    `<p>${escapeHtml(expiry)}</p>`,
    `<p style="color:#646a73">${escapeHtml(ignore)}</p>`,
    "</body></html>",
  ].join("\n");
  // The code in the subject: people read it from the notification without opening the mail.
  return { to, subject: serverText(locale, `mail.code.subject.${usage}`, { code }), text, html, locale };
}

export function codeSms(to: string, code: string, locale: Locale): SmsMessage {
  return { to, text: serverText(locale, "mail.code.sms", { code, minutes: MINUTES }) };
}
