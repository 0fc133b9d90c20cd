/**
 * Outgoing mail and SMS behind small interfaces, chosen by configuration: the
 * embedded default logs each message and keeps it as a file under DATA_DIR
 * (`mail/*.eml`, `sms/*.txt`); `SMTP_URL` sends mail through a real SMTP server.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The message's language, as a `Content-Language` header. */
  locale?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface SmsMessage {
  /** `+digits`. */
  to: string;
  text: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** The part of a pino logger the adapters and account notices use. */
export interface MailLogger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}
