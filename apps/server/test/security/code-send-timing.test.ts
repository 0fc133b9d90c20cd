import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Mailer, MailMessage } from "../../src/mail/index.js";
import { OutboxMailer } from "../../src/mail/outbox-mailer.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { signUp } from "../support/users.js";

/** A mail server this slow makes any wait for it on the request path plain to see. */
const MAIL_DELAY_MS = 250;
const TRIES = 7;

/** The app's own outbox (sign-up reads its codes there), reached slowly. */
class SlowMailer implements Mailer {
  outbox: Mailer | undefined;
  async send(message: MailMessage): Promise<void> {
    await sleep(MAIL_DELAY_MS);
    await this.outbox?.send(message);
  }
  async close(): Promise<void> {}
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

describe("asking for a code takes as long for an unknown address as for an account", () => {
  let t: TestApp;
  const mailer = new SlowMailer();
  beforeAll(async () => {
    t = await createTestApp({
      mailer,
      env: { CAPTCHA_MODE: "off", CODE_SENDS_PER_IP_HOUR: "1000", SIGNUPS_PER_IP_HOUR: "1000" },
    });
    const quiet = { info: () => {}, warn: () => {} };
    mailer.outbox = new OutboxMailer(t.config.accounts.mailDir, t.config.accounts.mailFrom, quiet);
  });
  afterAll(() => t.close());

  const timedSend = async (email: string, usage: string) => {
    const started = performance.now();
    const answer = await t.app.inject({
      method: "POST",
      url: "/v1/auth/verification",
      payload: { email, target: "ANY", usage },
    });
    expect(answer.statusCode).toBe(200);
    return performance.now() - started;
  };

  for (const usage of ["RESET_PASSWORD", "SIGN_IN"]) {
    it(`answers ${usage} alike for both, without waiting for the mail`, async () => {
      const accounts = [];
      for (let i = 0; i < TRIES; i++) accounts.push(await signUp(t.app));
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < TRIES; i++) {
        known.push(await timedSend(accounts[i]?.email ?? "", usage));
        unknown.push(await timedSend(`nobody-${usage}-${i}@example.com`, usage));
      }
      expect(Math.abs(median(known) - median(unknown))).toBeLessThan(MAIL_DELAY_MS / 3);
      expect(median(known)).toBeLessThan(MAIL_DELAY_MS);
    });
  }
});
