import type { Config } from "../config/config.js";
import type { Mailer, MailLogger, SmsSender } from "./mailer.js";
import { OutboxMailer } from "./outbox-mailer.js";
import { OutboxSmsSender } from "./outbox-sms-sender.js";
import { SmtpMailer } from "./smtp-mailer.js";

export type { Mailer, MailMessage, SmsMessage, SmsSender } from "./mailer.js";

/** The mailer configuration asks for: SMTP when `SMTP_URL` is set, else the DATA_DIR outbox. */
export function createMailer(config: Config["accounts"], logger: MailLogger): Mailer {
  return config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.mailFrom, logger)
    : new OutboxMailer(config.mailDir, config.mailFrom, logger);
}

export function createSmsSender(config: Config["accounts"], logger: MailLogger): SmsSender {
  return new OutboxSmsSender(config.smsDir, logger);
}
