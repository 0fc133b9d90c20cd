import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { NimbusApp } from "./types.js";

/** What the browser may send as `Referer` from any Nimbus answer: the origin only, and only over HTTPS. */
export const REFERRER_POLICY = "strict-origin-when-cross-origin";

/** A fresh value for a page's `'nonce-…'` source (128 random bits). */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** `frame-ancestors`: this origin, plus the parent sites embedded mode is configured for. */
export function frameAncestors(embedParentOrigins: readonly string[]): string {
  return ["'self'", ...embedParentOrigins].join(" ");
}

export interface PagePolicyInput {
  nonce: string;
  embedParentOrigins: readonly string[];
  /**
   * The origin of `PUBLIC_URL`: signed download, thumbnail and avatar links are absolute
   * URLs on it, which a page reached under another name (a LAN address, `127.0.0.1`
   * beside `localhost`) must still load.
   */
  publicOrigin?: string;
  /** Vite's dev server injects inline scripts without a nonce and talks over a websocket. */
  development?: boolean;
}

/**
 * The Content-Security-Policy of a server-rendered page. Scripts come from this origin
 * or carry the page's nonce (the hydration data React Router inlines). Inline styles
 * stay allowed: React's `style` attributes need them. `connect-src` names the loopback
 * address because the desktop hand-off posts to the desktop client listening there.
 */
export function pagePolicy({
  nonce,
  embedParentOrigins,
  publicOrigin,
  development = false,
}: PagePolicyInput): string {
  const self = publicOrigin ? `'self' ${publicOrigin}` : "'self'";
  const scripts = development
    ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'"
    : `script-src 'self' 'nonce-${nonce}'`;
  const connect = development
    ? `connect-src ${self} ws: wss: http://127.0.0.1:*`
    : `connect-src ${self} http://127.0.0.1:*`;
  return [
    "default-src 'self'",
    scripts,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${self} data: blob:`,
    `media-src ${self} blob:`,
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    connect,
    `frame-src ${self} blob:`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors(embedParentOrigins)}`,
  ].join("; ");
}

/**
 * The captcha challenge page (`/v1/shield/challenge`): its own script and ALTCHA's, by
 * nonce; ALTCHA solves in blob workers and styles its widget inline. It is framed by
 * Nimbus pages, which may themselves be framed by an embedding parent.
 */
export function challengePagePolicy(nonce: string, embedParentOrigins: readonly string[]): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "worker-src 'self' blob:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors(embedParentOrigins)}`,
  ].join("; ");
}

function setBaseline(response: ServerResponse): void {
  response.setHeader("x-content-type-options", "nosniff");
  response.setHeader("referrer-policy", REFERRER_POLICY);
}

/**
 * `nosniff` and a `Referrer-Policy` on every answer, API and pages alike. Set on the raw
 * response so the pages React Router writes (hijacked replies) carry them too; a route
 * that sets its own `Referrer-Policy` through Fastify overrides this one.
 */
export function installSecurityHeaders(app: NimbusApp): void {
  app.addHook("onRequest", async (_request, reply) => {
    setBaseline(reply.raw);
  });
}
