import { type CaptchaInitMeta, captchaSign } from "@nimbus/protocol";
import { equalSecret } from "../../lib/constant-time.js";

/** How far a signature's timestamp may be from the server's clock (client clocks drift). */
export const SIGN_MAX_SKEW_MS = 24 * 3_600_000;

export type SaltsLookup = (clientId: string) => readonly string[] | undefined;

export type SignVerdict = "unchecked" | "valid" | "invalid";

/**
 * Verifies `captcha_sign` (spec §7) for a client configured with salts: MD5 chained
 * over client id, version, package name, device id and timestamp with each salt.
 * Clients without salts sign nothing, so their metadata is not checked. Sign-in
 * metadata (an email, phone number or username) carries no signature either.
 */
export function checkCaptchaSign(
  salts: readonly string[] | undefined,
  input: { clientId: string; deviceId: string; meta: CaptchaInitMeta | undefined; now: number },
): SignVerdict {
  if (!salts || salts.length === 0) return "unchecked";
  const meta = input.meta ?? {};
  if (!meta.captcha_sign) return meta.email || meta.phone_number || meta.username ? "unchecked" : "invalid";
  const timestamp = Number(meta.timestamp);
  if (!Number.isFinite(timestamp) || Math.abs(input.now - timestamp) > SIGN_MAX_SKEW_MS) return "invalid";
  const expected = captchaSign(
    {
      clientId: input.clientId,
      clientVersion: meta.client_version ?? "",
      packageName: meta.package_name ?? "",
      deviceId: input.deviceId,
      timestamp: meta.timestamp ?? "",
    },
    salts,
  );
  return equalSecret(meta.captcha_sign, expected) ? "valid" : "invalid";
}
