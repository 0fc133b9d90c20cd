import { randomBytes } from "node:crypto";
import { type APIRequestContext, type Browser, expect, type Page } from "@playwright/test";
import { mailedCode } from "./outbox.js";

export interface BrowserAccount {
  email: string;
  password: string;
  userId: string;
}

/** The account the e2e server treats as an admin (`ADMIN_EMAILS`); sign it up once per journey that needs it. */
export const E2E_ADMIN_EMAIL = "e2e-admin@example.com";

/** The headers the web app sends on every call (the server's CSRF rule needs both). */
export const WEB_CLIENT_HEADERS = {
  "x-client-id": "nimbus-web",
  "x-device-id": "e2e00000000000000000000000000000",
};

/**
 * A fresh account signed in inside the page's browser context, the way a new user
 * signs up: a code mailed to the address (read from the built server's DATA_DIR/mail),
 * verified, then sign-up. The calls go through the context's own request client, so
 * the session cookie lands where the pages read it.
 */
export async function signUpInBrowser(
  page: Page,
  overrides: { email?: string; password?: string; dataDir?: string; deviceId?: string } = {},
): Promise<BrowserAccount> {
  const email = overrides.email ?? `e2e-${randomBytes(5).toString("hex")}@example.com`;
  const password = overrides.password ?? "correct horse battery";
  const post = async (url: string, data: unknown) => {
    const headers = overrides.deviceId
      ? { ...WEB_CLIENT_HEADERS, "x-device-id": overrides.deviceId }
      : WEB_CLIENT_HEADERS;
    const response = await page.request.post(url, { headers, data });
    if (!response.ok()) throw new Error(`${url} failed: ${response.status()} ${await response.text()}`);
    return (await response.json()) as Record<string, string>;
  };
  const sentAt = Date.now();
  const { verification_id } = await post("/v1/auth/verification", {
    email,
    target: "ANY",
    usage: "REGISTER",
  });
  const verification_code = await mailedCode(email, { after: sentAt - 1000, dataDir: overrides.dataDir });
  const { verification_token } = await post("/v1/auth/verification/verify", {
    verification_id,
    verification_code,
  });
  const { sub } = await post("/v1/auth/signup", { verification_token, password });
  return { email, password, userId: sub as string };
}

/** A page of the e2e admin, in its own context (signed up on first use, signed in after). */
export async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  try {
    await signUpInBrowser(page, { email: E2E_ADMIN_EMAIL });
  } catch {
    // Signed up already, or being signed up right now by a journey on another worker (whose
    // code mail this one may have read): sign in, giving that sign-up a few seconds to finish.
    // Waits for the state the sign-in needs (that sign-up finished) by trying again every 2 s:
    // each failed try counts towards the freeze, so the tries are few and spaced, at most 4
    // (at 0, 2, 4 and 6 s), far below SIGNIN_FREEZE_AFTER (10), so the admin is never frozen.
    let last = "";
    const signIn = async () => {
      const signin = await page.request.post("/v1/auth/signin", {
        headers: WEB_CLIENT_HEADERS,
        data: { username: E2E_ADMIN_EMAIL, password: "correct horse battery" },
      });
      last = `${signin.status()} ${await signin.text()}`;
      return signin.ok();
    };
    try {
      await expect.poll(signIn, { intervals: [2_000], timeout: 7_000 }).toBe(true);
    } catch {
      throw new Error(`admin sign-in failed: ${last}`);
    }
  }
  return page;
}

/** The e2e admin's request context (signed up on first use, signed in after). */
export async function adminRequest(browser: Browser, baseURL: string): Promise<APIRequestContext> {
  return (await adminPage(browser, baseURL)).request;
}
