import { createHmac } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";

function base32(secret: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secret.replace(/[\s=]/g, "").toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), as an authenticator app computes it. */
export function totp(secret: string, step = Math.floor(Date.now() / 30_000)): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac("sha1", base32(secret)).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0xf;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, "0");
}

export const currentStep = () => Math.floor(Date.now() / 30_000);

/** Signs in as another client (desktop, extension, TV…) and answers its tokens. */
export async function signInAsClient(
  baseURL: string,
  clientId: string,
  account: { email: string; password: string },
): Promise<{ access_token: string; sub: string }> {
  const response = await fetch(new URL("/v1/auth/signin", baseURL), {
    method: "POST",
    headers: { "content-type": "application/json", "x-client-id": clientId },
    body: JSON.stringify({ client_id: clientId, username: account.email, password: account.password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${clientId}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { access_token: string; sub: string };
}

/** `POST /v1/auth/authorize` with a bearer token: a one-time code for the web client. */
export async function authorizeWebCode(
  baseURL: string,
  accessToken: string,
  extra: Record<string, string> = {},
): Promise<string> {
  const response = await fetch(new URL("/v1/auth/authorize", baseURL), {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ client_id: "nimbus-web", ...extra }),
  });
  if (!response.ok) throw new Error(`authorize: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { code: string }).code;
}

const SHOTS = new URL("../test-results/screenshots/", import.meta.url);

export { SCREEN_SIZES, THEMES, themedContext } from "./support/themed-context.js";

/** `test-results/screenshots/accounts-<name>-<w>x<h>-<theme>.png`. */
export async function shoot(page: Page, name: string, theme: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await page.screenshot({
    path: new URL(`accounts-${name}-${width}x${height}-${theme}.png`, SHOTS).pathname,
    fullPage: true,
  });
}
