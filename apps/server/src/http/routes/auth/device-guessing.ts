import { NimbusError } from "@nimbus/protocol";
import type { FastifyRequest } from "fastify";
import type { RateLimitStore } from "../../../modules/rate-limits/rate-limit-store.js";
import { userId } from "../../plugins/authenticate.js";

const WINDOW_MS = 15 * 60 * 1000;
const LIMIT = 20;

/** User codes are short: a signed-in person gets 20 wrong ones per 15 minutes. */
export async function limitCodeGuessing<T>(
  request: FastifyRequest,
  rateLimits: RateLimitStore,
  run: () => Promise<T>,
): Promise<T> {
  const key = `device-code-fail:user:${userId(request)}`;
  if ((await rateLimits.count(key)) >= LIMIT)
    throw new NimbusError("too_many_requests", "too many wrong codes");
  try {
    return await run();
  } catch (error) {
    if (error instanceof NimbusError && error.error === "invalid_grant") await rateLimits.hit(key, WINDOW_MS);
    throw error;
  }
}
