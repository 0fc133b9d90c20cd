import { NimbusError } from "@nimbus/protocol";
import type { RateLimitStore } from "../rate-limits/rate-limit-store.js";

/** Wrong passcodes one client may try on one share per window before the captcha shield. */
export const PASS_CODE_MAX_FAILURES = 10;
export const PASS_CODE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Passcode guessing limit, per share and client (address): after
 * `PASS_CODE_MAX_FAILURES` wrong codes in a window, every further attempt is
 * refused with `captcha_required` until the window passes.
 */
export class PassCodeGuard {
  constructor(private readonly store: RateLimitStore) {}

  /** Throws `captcha_required` when this client used up its attempts on this share. */
  async check(shareId: string, client: string): Promise<void> {
    if ((await this.store.count(key(shareId, client))) >= PASS_CODE_MAX_FAILURES) {
      throw new NimbusError("captcha_required", "too many wrong passcodes", {
        metadata: { reason: "SHARE_PASS_CODE_GUESSING", share_id: shareId },
      });
    }
  }

  async failed(shareId: string, client: string): Promise<void> {
    await this.store.hit(key(shareId, client), PASS_CODE_WINDOW_MS);
  }

  async succeeded(shareId: string, client: string): Promise<void> {
    await this.store.reset(key(shareId, client));
  }
}

const key = (shareId: string, client: string) => `share-pass-code:${shareId}:${client}`;
