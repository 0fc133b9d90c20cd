import { LOCALES, type Locale } from "@nimbus/protocol";
import { serverText } from "@nimbus/texts/server";
import type { MailMessage } from "../../mail/mailer.js";

type Key = Parameters<typeof serverText>[1];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function mailLocale(locale: string): Locale {
  return (LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : "en-US";
}

function day(at: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(at));
}

function money(amount: number, currency: string, locale: Locale): string {
  const digits =
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(amount / 10 ** digits);
}

function message(
  to: string,
  locale: Locale,
  subject: string,
  paragraphs: string[],
  url?: string,
): MailMessage {
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#1f2329">`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(url ? [`<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`] : []),
    "</body></html>",
  ].join("\n");
  return { to, subject, text: `${[...paragraphs, ...(url ? [url] : [])].join("\n\n")}\n`, html, locale };
}

export interface ReceiptInput {
  to: string;
  locale: string;
  orderId: string;
  /** The product's name in the reader's words. */
  item: string;
  amount: number;
  currency: string;
  paidAt: number;
  receiptUrl: string;
}

/** The receipt of a paid order. */
export function receiptMail(input: ReceiptInput): MailMessage {
  const locale = mailLocale(input.locale);
  const t = (key: Key, params?: Record<string, string>) => serverText(locale, key, params);
  return message(
    input.to,
    locale,
    t("mail.receipt.subject"),
    [
      t("mail.receipt.thanks"),
      t("mail.receipt.line", {
        item: input.item,
        amount: money(input.amount, input.currency, locale),
        date: day(input.paidAt, locale),
      }),
      t("mail.receipt.order", { id: input.orderId }),
    ],
    input.receiptUrl,
  );
}

/** The reminder a few days before premium ends. */
export function expiryReminderMail(input: {
  to: string;
  locale: string;
  expire: number;
  days: number;
  renewUrl: string;
}): MailMessage {
  const locale = mailLocale(input.locale);
  return message(
    input.to,
    locale,
    serverText(locale, "mail.premiumExpiry.subject", { days: input.days }),
    [
      serverText(locale, "mail.premiumExpiry.body", { date: day(input.expire, locale), days: input.days }),
      serverText(locale, "mail.premiumExpiry.keep"),
    ],
    input.renewUrl,
  );
}
