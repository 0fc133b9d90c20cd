import type { MailMessage } from "./mailer.js";

/** The nodemailer message of a `MailMessage` (UTF-8 text and HTML alternatives). */
export function nodemailerMessage(from: string, message: MailMessage) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    // Digits and ASCII stay readable in the raw message (a code on its own line is never split).
    textEncoding: "quoted-printable" as const,
    ...(message.html ? { html: message.html } : {}),
    ...(message.locale ? { headers: { "Content-Language": message.locale } } : {}),
  };
}

/** nodemailer is loaded on the first message, so start-up does not pay for it. */
export async function loadNodemailer() {
  return (await import("nodemailer")).default;
}
