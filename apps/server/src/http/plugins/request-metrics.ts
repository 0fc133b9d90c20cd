import type { FastifyRequest } from "fastify";
import type { Metrics } from "../../lib/metrics.js";
import type { NimbusApp } from "../types.js";

const SIGNIN_ROUTE = "/v1/auth/signin";
const CAPTCHA_INIT_ROUTE = "/v1/shield/captcha/init";

/** Body bytes a request has received so far, until they are counted. */
const received = new WeakMap<FastifyRequest, { bytes: number }>();

/**
 * Counts every answer by its route pattern (`/drive/v1/files/:id`, never the raw URL, so
 * ids do not become series), its latency and the bytes in and out; sign-in failures and
 * captcha challenges are read off their routes' answers. Bytes received are the body bytes
 * that arrived, so a PATCH cut mid-way counts what came (and a body never read, what was sent).
 */
export function installRequestMetrics(app: NimbusApp, metrics: Metrics): void {
  app.addHook("onRequest", async (request) => {
    // The HTTP parser hands each body chunk to the request's `push`; what came with the headers is buffered already.
    const raw = request.raw;
    const count = { bytes: raw.readableLength };
    const push = raw.push;
    raw.push = (chunk: Buffer | null, encoding?: BufferEncoding) => {
      if (chunk) count.bytes += chunk.length;
      return push.call(raw, chunk, encoding);
    };
    received.set(request, count);
  });
  const countReceived = (request: FastifyRequest) => {
    const count = received.get(request);
    if (!count) return; // counted already
    received.delete(request);
    if (count.bytes > 0)
      metrics.bytesIn.inc({ route: request.routeOptions.url ?? "(unmatched)" }, count.bytes);
  };
  // A client that goes away mid-body never gets an answer, so onResponse never runs.
  app.addHook("onRequestAbort", async (request) => countReceived(request));
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "(unmatched)";
    const method = request.method;
    const status = reply.statusCode;
    metrics.requests.inc({ method, route, status: String(status) });
    metrics.latency.observe({ method, route }, reply.elapsedTime / 1000);
    countReceived(request);
    const sent = Number(reply.getHeader("content-length") ?? 0);
    if (Number.isFinite(sent) && sent > 0) metrics.bytesOut.inc({ route }, sent);
    if (route === SIGNIN_ROUTE && method === "POST" && status >= 400) metrics.signinFailures.inc();
    if (route === CAPTCHA_INIT_ROUTE && status === 200) metrics.captchaChallenges.inc();
  });
}
