import { isRecord } from "./platform.js";

/** Spec §9: the public-IP detection gives up after 2 s. */
export const PUBLIC_IP_TIMEOUT_MS = 2_000;

export type IpFetch = (
  url: string,
  init: { credentials: "omit"; signal: AbortSignal; headers: Record<string, string> },
) => Promise<{ ok: boolean; text(): Promise<string> }>;

/** An IPv4 or IPv6 address as text (loosely: digits, hex, dots and colons). */
const ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:.]*:[0-9a-f:.]*)$/i;

/** The address in a probe's answer: `{ip}` JSON (ours, and the usual public services) or bare text. */
export function parseProbeAnswer(body: string): string | undefined {
  const text = body.trim();
  let candidate: unknown = text;
  if (text.startsWith("{")) {
    try {
      const parsed: unknown = JSON.parse(text);
      candidate = isRecord(parsed) ? parsed.ip : undefined;
    } catch {
      return undefined;
    }
  }
  return typeof candidate === "string" && ADDRESS.test(candidate) ? candidate : undefined;
}

/**
 * The visitor's public address (decision 0045), asked of `url` without credentials.
 * The fallback is no address: after 2 s, or on any failure, it answers undefined and
 * whatever waits on it goes on without one.
 */
export async function probePublicIp(
  url: string,
  fetch: IpFetch,
  setTimer: (run: () => void, ms: number) => unknown = (run, ms) => setTimeout(run, ms),
): Promise<string | undefined> {
  const controller = new AbortController();
  const asked = (async () => {
    try {
      const response = await fetch(url, {
        credentials: "omit",
        signal: controller.signal,
        headers: { accept: "application/json, text/plain" },
      });
      return response.ok ? parseProbeAnswer(await response.text()) : undefined;
    } catch {
      return undefined;
    }
  })();
  const timedOut = new Promise<undefined>((resolve) =>
    setTimer(() => {
      controller.abort();
      resolve(undefined);
    }, PUBLIC_IP_TIMEOUT_MS),
  );
  return Promise.race([asked, timedOut]);
}
