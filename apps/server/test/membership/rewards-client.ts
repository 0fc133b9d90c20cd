import type { NimbusApp } from "../../src/http/types.js";
import type { TestUser } from "../support/users.js";

export interface Answer {
  status: number;
  body: Record<string, unknown> & { error?: string };
  text: string;
  headers: Record<string, unknown>;
}

/** Calls the API as `user` (bearer), with extra headers (e.g. `x-device-id`, `cookie`). */
export async function call(
  app: NimbusApp,
  user: TestUser | undefined,
  method: "GET" | "POST",
  url: string,
  body?: object,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await app.inject({
    method,
    url,
    headers: { ...(user ? user.auth : {}), ...headers },
    ...(body ? { payload: body } : {}),
  });
  let parsed: Record<string, unknown> = {};
  try {
    parsed = response.json();
  } catch {
    parsed = {};
  }
  return { status: response.statusCode, body: parsed, text: response.body, headers: response.headers };
}
