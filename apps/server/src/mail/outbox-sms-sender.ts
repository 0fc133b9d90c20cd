import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { MailLogger, SmsMessage, SmsSender } from "./mailer.js";
import { outboxFileStem } from "./outbox-mailer.js";

/** The embedded SMS sender: logs each message and writes it as `<time>-<random>.txt` under the SMS outbox. */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly dir: string,
    private readonly logger: MailLogger,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${outboxFileStem()}.txt`);
    await writeFile(file, `To: ${message.to}\n\n${message.text}\n`);
    this.logger.info({ to: message.to, file }, "sms written to the outbox");
  }
}
