import { randomBytes } from "node:crypto";
import type { TokenResponse } from "@nimbus/protocol";
import type { NimbusApp } from "../../src/http/types.js";
import { verifiedToken } from "./mail.js";

export interface TestUser {
  email: string;
  password: string;
  token: string;
  id: string;
  auth: { authorization: string };
}

/** Signs a fresh user up through the API, the way a client would: a code mailed to the address, then sign-up. */
export async function signUp(
  app: NimbusApp,
  overrides: { email?: string; password?: string } = {},
): Promise<TestUser> {
  const email = overrides.email ?? `user-${randomBytes(4).toString("hex")}@example.com`;
  const password = overrides.password ?? "correct horse battery";
  const verification_token = await verifiedToken(app, email, "REGISTER");
  const response = await app.inject({
    method: "POST",
    url: "/v1/auth/signup",
    payload: { verification_token, password },
  });
  if (response.statusCode !== 200) throw new Error(`signup failed: ${response.body}`);
  const tokens = response.json<TokenResponse>();
  if (!tokens.access_token) throw new Error("signup answered no access token");
  return {
    email,
    password,
    token: tokens.access_token,
    id: tokens.sub,
    auth: { authorization: `Bearer ${tokens.access_token}` },
  };
}

/** Signs an existing user in again (a fresh access token, e.g. after a test clock jumped). */
export async function signIn(app: NimbusApp, account: TestUser): Promise<TestUser> {
  const response = await app.inject({
    method: "POST",
    url: "/v1/auth/signin",
    payload: { username: account.email, password: account.password },
  });
  if (response.statusCode !== 200) throw new Error(`signin failed: ${response.body}`);
  const token = response.json<TokenResponse>().access_token;
  if (!token) throw new Error("signin answered no access token");
  return { ...account, token, auth: { authorization: `Bearer ${token}` } };
}
