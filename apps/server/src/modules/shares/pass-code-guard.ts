import { NimbusError } from "@nimbus/protocol";
import type { RateLimitStore } from "../rate-limits/rate-limit-store.js";

/** Wrong passcodes one client may try on one share per window before the captcha shield. */
export const PASS_CODE_MAX_FAILURES = 10;
export const PASS_CODE_WINDOW_MS = 15 * 60 * 1000;
/**
 * Wrong passcodes a share takes per hour from all clients together before it cools down.
 * With 8-character generated codes (40 bits) this makes guessing hopeless; a chosen
 * 4-character code (36^4) would still take a century on average.
 */
export const SHARE_PASS_CODE_MAX_FAILURES = 30;
export const SHARE_PASS_CODE_WINDOW_MS = 60 * 60 * 1000;

/** Key of wrong passcodes per share and client (address); the captcha risk policy reads it. */
export const clientFailuresKey = (shareId: string, client: string) => `share-pass-code:${shareId}:${client}`;
/** Key of passcodes typed on a share by anyone (correct ones are given back). */
export const shareFailuresKey = (shareId: string) => `share-pass-code-all:${shareId}`;

/**
 * Passcode guessing limits. Per share and client: after `PASS_CODE_MAX_FAILURES`
 * wrong codes in a window, further attempts need a solved captcha. Per share, from
 * everyone: each typed code takes a slot first (one atomic increment, so parallel
 * guesses cannot slip past the bound) and a correct one gives it back; past
 * `SHARE_PASS_CODE_MAX_FAILURES` the share cools down and refuses typed codes, even
 * the right one (else the refusal itself would tell right from wrong), until the
 * hour passes. Passcode tokens already issued keep working.
 */
export class PassCodeGuard {
  constructor(private readonly store: RateLimitStore) {}

  /**
   * Before comparing a typed code: throws `captcha_required` when this client used
   * up its attempts, `share_pass_code_cooling_down` when the share has.
   */
  async attempt(shareId: string, client: string): Promise<void> {
    if ((await this.store.count(clientFailuresKey(shareId, client))) >= PASS_CODE_MAX_FAILURES) {
      throw new NimbusError("captcha_required", "too many wrong passcodes", {
        metadata: { reason: "SHARE_PASS_CODE_GUESSING", share_id: shareId },
      });
    }
    const typed = await this.store.hit(shareFailuresKey(shareId), SHARE_PASS_CODE_WINDOW_MS);
    if (typed > SHARE_PASS_CODE_MAX_FAILURES) {
      throw new NimbusError("share_pass_code_cooling_down", "too many wrong passcodes on this share", {
        metadata: { share_id: shareId },
      });
    }
  }

  async failed(shareId: string, client: string): Promise<void> {
    await this.store.hit(clientFailuresKey(shareId, client), PASS_CODE_WINDOW_MS);
  }

  async succeeded(shareId: string, client: string): Promise<void> {
    await this.store.reset(clientFailuresKey(shareId, client));
    await this.store.hit(shareFailuresKey(shareId), SHARE_PASS_CODE_WINDOW_MS, -1);
  }

  /** Wrong passcodes the share took this hour (the challenge gets costlier with them). */
  shareFailures(shareId: string): Promise<number> {
    return this.store.count(shareFailuresKey(shareId));
  }

  /** Whether the share refuses typed passcodes now (shown to its owner). */
  async coolingDown(shareId: string): Promise<boolean> {
    return (await this.shareFailures(shareId)) >= SHARE_PASS_CODE_MAX_FAILURES;
  }
}
