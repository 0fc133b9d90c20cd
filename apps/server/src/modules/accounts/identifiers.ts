import { NimbusError } from "@nimbus/protocol";
import { normalizeEmail } from "../users/users-repository.js";

export { normalizeEmail };

/** Where a code goes: an email address or a phone number. */
export type Channel = "email" | "sms";

export interface Target {
  channel: Channel;
  /** Normalized: lower-cased email, or `+digits`. */
  value: string;
}

/** `+1 (555) 123-4567` → `+15551234567`; numbers are international, so the + is implied. */
export function normalizePhone(phone: string): string {
  return `+${phone.replace(/\D/g, "")}`;
}

export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** The target of a request carrying `email` or `phone_number`. */
export function targetOf(request: { email?: string | undefined; phone_number?: string | undefined }): Target {
  if (request.email) return { channel: "email", value: normalizeEmail(request.email) };
  if (request.phone_number) return { channel: "sms", value: normalizePhone(request.phone_number) };
  throw new NimbusError("invalid_argument", "give email or phone_number", { metadata: { field: "email" } });
}

export type AccountName = { kind: "email" | "phone" | "username"; value: string };

const PHONE_LIKE = /^\+?[0-9][0-9 ()-]{5,22}$/;

/**
 * What someone typed into the sign-in box: an email (has an @), a phone number
 * (digits, maybe a + and separators) or a username. The normalized value is also
 * the account key of the sign-in guard and the rate-limit keys.
 */
export function parseAccountName(input: string): AccountName {
  const trimmed = input.trim();
  if (trimmed.includes("@")) return { kind: "email", value: normalizeEmail(trimmed) };
  if (PHONE_LIKE.test(trimmed)) return { kind: "phone", value: normalizePhone(trimmed) };
  return { kind: "username", value: normalizeUsername(trimmed) };
}
