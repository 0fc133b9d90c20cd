import { NimbusError } from "@nimbus/protocol";
import type { NimbusApp } from "../types.js";

/** In `u` mode a surrogate pair is one code point, so this matches only a lone surrogate. */
const LONE_SURROGATE = /\p{Cs}/u;
const MAX_DEPTH = 64;

/**
 * The JSON path of the first string (value or key) in `value` that is not well-formed
 * UTF-16, or undefined. JSON can carry `"\ud800"`; UTF-8 cannot encode it, so a database
 * would store something else than the name the answer echoes.
 */
export function illFormedText(value: unknown, path = "", depth = 0): string | undefined {
  if (typeof value === "string") return LONE_SURROGATE.test(value) ? path || "body" : undefined;
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = illFormedText(item, `${path}[${index}]`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (LONE_SURROGATE.test(key)) return at;
    const found = illFormedText(item, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Every parsed request body is refused with `invalid_argument` (naming the field) when
 * any of its text holds a lone UTF-16 surrogate: names, profile fields and feedback alike,
 * before any route sees it.
 */
export function installWellFormedText(app: NimbusApp): void {
  app.addHook("preValidation", async (request) => {
    if (request.body === undefined || request.body === null || Buffer.isBuffer(request.body)) return;
    const field = illFormedText(request.body);
    if (field) {
      throw new NimbusError(
        "invalid_argument",
        `${field} is not well-formed Unicode text (a lone surrogate)`,
        {
          metadata: { field },
        },
      );
    }
  });
}
