import { randomBytes } from "node:crypto";
import type { GrantTokenResponse } from "@nimbus/protocol";
import type { NimbusApp } from "../../src/http/types.js";
import type { TestApp } from "./test-app.js";
import { signUp, type TestUser } from "./users.js";

export const WEB_HEADERS = { "x-client-id": "nimbus-web", "x-device-id": "0123456789abcdef0123456789abcdef" };
export const CHROME_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** Signs an existing account in with its password as `clientId` (tokens in the body). */
export async function signInAs(
  app: NimbusApp,
  user: Pick<TestUser, "email" | "password">,
  clientId: string,
  headers: Record<string, string> = {},
): Promise<GrantTokenResponse & { access_token: string; refresh_token: string }> {
  const response = await app.inject({
    method: "POST",
    url: "/v1/auth/signin",
    headers,
    payload: { client_id: clientId, username: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`signin failed: ${response.body}`);
  const body = response.json();
  if (!body.access_token || !body.refresh_token)
    throw new Error(`signin answered no tokens: ${response.body}`);
  return body;
}

/** A fresh account, signed up through the API. */
export async function newUser(t: TestApp): Promise<TestUser> {
  return signUp(t.app, { email: `grants-${randomBytes(4).toString("hex")}@example.com` });
}

/** The `name=value` of the session cookie a response sets, or undefined. */
export function sessionCookie(setCookie: string | string[] | undefined): string | undefined {
  const header = [setCookie ?? []].flat().find((c) => c.startsWith("nimbus_session="));
  return header?.split(";")[0];
}

/** A test clock the test moves by hand. */
export function manualClock(start = Date.UTC(2026, 0, 1)) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}
