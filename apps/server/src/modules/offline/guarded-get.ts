import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { SsrfGuard } from "./ssrf-guard.js";

const HEADERS_TIMEOUT_MS = 30_000;
const BODY_TIMEOUT_MS = 60_000;

export interface GuardedAnswer {
  statusCode: number;
  headers: IncomingMessage["headers"];
  body: IncomingMessage;
}

/**
 * One GET with `node:http`/`node:https` (not undici's `fetch`: its body reached 0.61× curl
 * receiving, decision 0080) whose every connection resolves its name through the guard's
 * `connectLookup`: the socket goes to an address the guard checked, never to a second answer.
 * An address literal skips the lookup; the caller checks it with `guard.resolveAllowed`
 * before calling. Redirects are not followed here.
 */
export class GuardedGet {
  private readonly agents: { http: http.Agent; https: https.Agent };

  constructor(private readonly guard: SsrfGuard) {
    const options = {
      keepAlive: true,
      maxSockets: 64,
      lookup: guard.connectLookup as never,
    };
    this.agents = { http: new http.Agent(options), https: new https.Agent(options) };
  }

  open(url: URL, headers: Record<string, string>, signal: AbortSignal): Promise<GuardedAnswer> {
    const secure = url.protocol === "https:";
    const agent = secure ? this.agents.https : this.agents.http;
    const request = (secure ? https.request : http.request)(url, {
      method: "GET",
      agent,
      lookup: this.guard.connectLookup as never,
      headers,
      signal,
    });
    return new Promise((resolve, reject) => {
      request.setTimeout(HEADERS_TIMEOUT_MS, () => request.destroy(new Error("no answer in time")));
      request.once("error", reject);
      request.once("response", (body: IncomingMessage) => {
        request.setTimeout(BODY_TIMEOUT_MS, () => request.destroy(new Error("the body stalled")));
        body.on("error", () => undefined);
        resolve({ statusCode: body.statusCode ?? 0, headers: body.headers, body });
      });
      request.end();
    });
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}

/** Drops a body we will not read (its abort error is expected, not a fault). */
export function discard(body: IncomingMessage): void {
  body.on("error", () => undefined);
  body.destroy();
}
