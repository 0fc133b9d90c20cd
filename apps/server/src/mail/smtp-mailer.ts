import type { Transporter } from "nodemailer";
import { loadNodemailer, nodemailerMessage } from "./compose.js";
import type { Mailer, MailLogger, MailMessage } from "./mailer.js";

/** Sends through the SMTP server of `SMTP_URL` (`smtp://` upgrades with STARTTLS when offered, `smtps://` is TLS). */
export class SmtpMailer implements Mailer {
  private transport: Promise<Transporter> | undefined;

  constructor(
    private readonly url: string,
    private readonly from: string,
    private readonly logger: MailLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    this.transport ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport(this.url));
    const info = await (await this.transport).sendMail(nodemailerMessage(this.from, message));
    this.logger.info({ to: message.to, subject: message.subject, id: info.messageId }, "mail sent");
  }

  async close(): Promise<void> {
    (await this.transport)?.close();
  }
}
