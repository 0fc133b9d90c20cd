import type { FastifyReply, FastifyRequest } from "fastify";
import { EXTERNAL_SIGNIN_TTL_MS } from "../../../modules/accounts/external-signin.js";

/**
 * The state of a sign-in at another provider, also kept in this browser: the callback
 * accepts only the state this browser started, so nobody can finish their own round
 * trip in someone else's browser (login CSRF).
 */
const STATE_COOKIE = "nimbus_oidc_state";
const COOKIE_PATH = "/v1/auth/providers";

export function setProviderState(request: FastifyRequest, reply: FastifyReply, state: string): void {
  reply.setCookie(STATE_COOKIE, state, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    maxAge: EXTERNAL_SIGNIN_TTL_MS / 1000,
  });
}

export function takeProviderState(request: FastifyRequest, reply: FastifyReply): string | undefined {
  const state = request.cookies[STATE_COOKIE] || undefined;
  reply.clearCookie(STATE_COOKIE, { path: COOKIE_PATH });
  return state;
}

/** `path` with `key=value` added to its query (or its fragment, for values that must not reach a server). */
export function withParam(
  path: string,
  key: string,
  value: string,
  where: "query" | "hash" = "query",
): string {
  const url = new URL(path, "http://nimbus.invalid");
  if (where === "query") url.searchParams.set(key, value);
  else url.hash = new URLSearchParams({ [key]: value }).toString();
  return `${url.pathname}${url.search}${url.hash}`;
}
