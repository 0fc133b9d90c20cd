export const DESKTOP_SOURCE = "pc_client";
/** The response header the desktop client puts the authorization code in. */
export const DESKTOP_CODE_HEADER = "x-nimbus-auth-code";
export const DESKTOP_AUTH_PATH = "/nimbus/auth";

/** The `port` query parameter is hexadecimal (spec §2); only unprivileged ports count. */
export function parseHexPort(value: string | null | undefined): number | undefined {
  if (!value || !/^(0x)?[0-9a-f]{1,4}$/i.test(value)) return undefined;
  const port = Number.parseInt(value.replace(/^0x/i, ""), 16);
  return port >= 1024 && port <= 65535 ? port : undefined;
}

export function desktopAuthUrl(port: number): string {
  return `http://127.0.0.1:${port}${DESKTOP_AUTH_PATH}`;
}

export interface DesktopFetchResponse {
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
}
export type DesktopFetch = (
  url: string,
  init: { method: "POST"; headers: Record<string, string>; body: string; signal?: AbortSignal },
) => Promise<DesktopFetchResponse>;

export type DesktopOutcome = { kind: "code"; code: string } | { kind: "failed"; reason: string };

/**
 * Posts the page's PKCE challenge to the desktop client listening on the loopback
 * port; the client answers the authorization code in the `x-nimbus-auth-code` header.
 */
export async function requestDesktopCode(
  port: number,
  body: { client_id: string; code_challenge: string; code_challenge_method: "S256" },
  fetchFn: DesktopFetch = (url, init) => globalThis.fetch(url, init),
  signal?: AbortSignal,
): Promise<DesktopOutcome> {
  let response: DesktopFetchResponse;
  try {
    response = await fetchFn(desktopAuthUrl(port), {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8" },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    return { kind: "failed", reason: error instanceof Error ? error.message : "unreachable" };
  }
  const code = response.headers.get(DESKTOP_CODE_HEADER);
  if (!response.ok || !code) return { kind: "failed", reason: `HTTP ${response.status}` };
  return { kind: "code", code };
}
