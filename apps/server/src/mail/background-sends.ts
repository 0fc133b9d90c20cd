import type { MailLogger } from "./mailer.js";

/**
 * Mail and SMS sent after the request that asked for them has been answered, so how
 * long a mail server takes (or whether a message goes out at all) does not show in
 * the answer's timing. A failure is logged and handed to the caller's clean-up.
 * `settled()` waits for every send started so far (shutdown, tests).
 */
export class BackgroundSends {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: MailLogger) {}

  start(scene: string, send: () => Promise<void>, onFailure?: () => Promise<void>): void {
    const run = (async () => {
      // A later turn of the event loop: the answer goes out first.
      await new Promise((resolve) => setImmediate(resolve));
      try {
        await send();
      } catch (error) {
        this.log.warn({ err: error, scene }, "message not sent");
        await onFailure?.().catch((cleanup) => this.log.warn({ err: cleanup, scene }, "clean-up failed"));
      }
    })();
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
  }

  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
