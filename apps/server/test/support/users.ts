import { randomBytes } from "node:crypto";
import type { TokenResponse } from "@nimbus/protocol";
import type { NimbusApp } from "../../src/http/types.js";

export interface TestUser {
  email: string;
  password: string;
  token: string;
  id: string;
  auth: { authorization: string };
}

/** Signs a fresh user up through the API, the way a client would. */
export async function signUp(
  app: NimbusApp,
  overrides: { email?: string; password?: string } = {},
): Promise<TestUser> {
  const email = overrides.email ?? `user-${randomBytes(4).toString("hex")}@example.com`;
  const password = overrides.password ?? "correct horse battery";
  const response = await app.inject({ method: "POST", url: "/v1/auth/signup", payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`signup failed: ${response.body}`);
  const tokens = response.json<TokenResponse>();
  return {
    email,
    password,
    token: tokens.access_token,
    id: tokens.sub,
    auth: { authorization: `Bearer ${tokens.access_token}` },
  };
}
