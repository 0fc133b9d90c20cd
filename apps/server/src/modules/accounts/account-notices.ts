import type { Locale } from "@nimbus/protocol";
import { serverText } from "@nimbus/texts/server";
import type { MailMessage } from "../../mail/mailer.js";
import { escapeHtml } from "./code-messages.js";

/** `jane@example.com` → `j***@example.com`: enough to recognize, not enough to write to. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  const local = at > 0 ? email.slice(0, at) : email;
  const first = Array.from(local)[0] ?? "";
  return at > 0 ? `${first}***${email.slice(at)}` : `${first}***`;
}

/** A date and time in the reader's format, in UTC (the server does not know their zone). */
export function noticeTime(at: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(new Date(at));
}

export interface EmailChangedNotice {
  /** The old address, which the mail goes to. */
  to: string;
  newEmail: string;
  at: number;
  locale: Locale;
  /** The contact page, when the public origin is known. */
  contactUrl?: string | undefined;
}

/** The notice to the old address that the account's email changed, with what to do if it was not them. */
export function emailChangedMail(notice: EmailChangedNotice): MailMessage {
  const text = noticeText(notice.locale);
  return noticeMail(notice, text("mail.emailChanged.subject"), [
    text("mail.emailChanged.changed", {
      email: maskEmail(notice.newEmail),
      time: noticeTime(notice.at, notice.locale),
    }),
    text("mail.emailChanged.consequence"),
    text("mail.emailChanged.ifYou"),
    text("mail.emailChanged.notYou"),
  ]);
}

export interface TwoFactorResetNotice {
  to: string;
  at: number;
  locale: Locale;
  contactUrl?: string | undefined;
}

/** The notice that an admin turned the account's two-step verification off, and what to do next. */
export function twoFactorResetMail(notice: TwoFactorResetNotice): MailMessage {
  const text = noticeText(notice.locale);
  return noticeMail(notice, text("mail.twoFactorReset.subject"), [
    text("mail.twoFactorReset.reset", { time: noticeTime(notice.at, notice.locale) }),
    text("mail.twoFactorReset.advice"),
    text("mail.twoFactorReset.notYou"),
  ]);
}

function noticeText(locale: Locale) {
  return (key: Parameters<typeof serverText>[1], params?: Record<string, string>) =>
    serverText(locale, key, params);
}

/** A notice in text and HTML: its paragraphs, then the contact link when the public origin is known. */
function noticeMail(
  notice: { to: string; locale: Locale; contactUrl?: string | undefined },
  subject: string,
  paragraphs: string[],
): MailMessage {
  const text = noticeText(notice.locale);
  const url = notice.contactUrl;
  const contact = text("mail.emailChanged.contact");
  const link = url ? `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>` : "";
  const html = [
    `<!doctype html><html lang="${notice.locale}"><body style="font-family:system-ui,sans-serif;color:#1f2329">`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(url ? [`<p>${escapeHtml(contact).replace("{url}", link)}</p>`] : []),
    "</body></html>",
  ].join("\n");
  const lines = [...paragraphs, ...(url ? [text("mail.emailChanged.contact", { url })] : [])];
  return { to: notice.to, subject, text: `${lines.join("\n\n")}\n`, html, locale: notice.locale };
}
