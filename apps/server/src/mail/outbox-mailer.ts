import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { loadNodemailer, nodemailerMessage } from "./compose.js";
import type { Mailer, MailLogger, MailMessage } from "./mailer.js";

/**
 * The embedded mailer: each message is logged (recipient and subject) and written,
 * fully composed, as `<time>-<random>.eml` under the outbox folder — an operator
 * without SMTP reads codes there, and tests and journeys read them back.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly logger: MailLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const nodemailer = await loadNodemailer();
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
    const info = await transport.sendMail(nodemailerMessage(this.from, message));
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${outboxFileStem()}.eml`);
    await writeFile(file, info.message as Buffer);
    this.logger.info({ to: message.to, subject: message.subject, file }, "mail written to the outbox");
  }

  async close(): Promise<void> {}
}

/** Sorts by time of writing: ms since the epoch, zero-padded, then a random tail. */
export function outboxFileStem(now = Date.now()): string {
  return `${String(now).padStart(15, "0")}-${randomBytes(4).toString("hex")}`;
}
