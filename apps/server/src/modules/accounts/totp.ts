import { Secret, TOTP } from "otpauth";

/** RFC 6238 as every authenticator app speaks it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_S = 30;
const ISSUER = "Nimbus";

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

export function otpauthUri(secret: string, label: string): string {
  return totp(secret, label).toString();
}

/**
 * The time step a code belongs to when it is valid now (one step of clock drift
 * either way), else undefined. Callers accept each step once.
 */
export function matchTotpStep(secret: string, code: string, now: number): number | undefined {
  const delta = totp(secret, "").validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now / 1000 / PERIOD_S) + delta;
}

/** The current code (tests and the README walk-through compute it the same way). */
export function totpCode(secret: string, now: number): string {
  return totp(secret, "").generate({ timestamp: now });
}

/** An SVG QR code of the URI as a data URL, made on the server so the web bundle carries no QR library. */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const { default: QRCode } = await import("qrcode");
  const svg = await QRCode.toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
