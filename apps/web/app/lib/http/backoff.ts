import { type Sleep, timerSleep } from "../platform.js";
import { isRetryable } from "./request.js";

/**
 * Spec §9's second retry policy ("the other client"): after failed attempt n
 * (counted from 0) wait 1 s × 2ⁿ, and give up after 15 attempts in all.
 */
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_ATTEMPTS = 15;

export function backoffDelayMs(failedAttempt: number): number {
  return BACKOFF_BASE_MS * 2 ** failedAttempt;
}

export interface BackoffOptions {
  sleep?: Sleep;
  /** Default: network failures and 5xx answers, as in the request helper. */
  shouldRetry?: (error: unknown, attempt: number) => boolean;
  /** Default 15; lower only. */
  maxAttempts?: number;
}

/** Runs `task` until it succeeds, fails for good, or has been tried 15 times. */
export async function withBackoff<T>(
  task: (attempt: number) => Promise<T>,
  options: BackoffOptions = {},
): Promise<T> {
  const sleep = options.sleep ?? timerSleep;
  const shouldRetry = options.shouldRetry ?? isRetryable;
  const maxAttempts = Math.min(options.maxAttempts ?? BACKOFF_MAX_ATTEMPTS, BACKOFF_MAX_ATTEMPTS);
  for (let attempt = 0; ; attempt++) {
    try {
      return await task(attempt);
    } catch (error) {
      if (attempt + 1 >= maxAttempts || !shouldRetry(error, attempt)) throw error;
      await sleep(backoffDelayMs(attempt));
    }
  }
}
