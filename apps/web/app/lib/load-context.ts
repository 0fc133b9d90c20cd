/**
 * What the Nimbus server hands every page render (`apps/server/src/http/web/load-context.ts`).
 * Loaders reach the API only through `apiFetch`: in-process, never at an origin derived
 * from the request (its `Host` is the visitor's to choose).
 */
export type ApiFetch = (
  path: string,
  init?: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string },
) => Promise<Response>;

declare module "react-router" {
  interface AppLoadContext {
    /** The nonce of the page's Content-Security-Policy. */
    cspNonce?: string;
    apiFetch?: ApiFetch;
    /** False for a client navigation's data request (`.data`), true for a page load. */
    documentRequest?: boolean;
  }
}

/** `pending`, or a rejection when it has not settled within `ms`. */
export function answeredWithin<T>(ms: number, pending: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), ms);
  });
  return Promise.race([pending, late]).finally(() => clearTimeout(timer));
}
