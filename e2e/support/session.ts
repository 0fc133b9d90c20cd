import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";

export interface BrowserAccount {
  email: string;
  password: string;
  userId: string;
}

/** The headers the web app sends on every call (the server's CSRF rule needs both). */
export const WEB_CLIENT_HEADERS = {
  "x-client-id": "nimbus-web",
  "x-device-id": "e2e00000000000000000000000000000",
};

/**
 * A fresh account signed in inside the page's browser context: the sign-up goes through
 * the context's own request client, so the session cookie lands where the pages read it.
 */
export async function signUpInBrowser(
  page: Page,
  overrides: { email?: string; password?: string } = {},
): Promise<BrowserAccount> {
  const email = overrides.email ?? `e2e-${randomBytes(5).toString("hex")}@example.com`;
  const password = overrides.password ?? "correct horse battery";
  const response = await page.request.post("/v1/auth/signup", {
    headers: WEB_CLIENT_HEADERS,
    data: { email, password },
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  const { sub } = (await response.json()) as { sub: string };
  return { email, password, userId: sub };
}
