import type { Metrics } from "../../lib/metrics.js";
import type { NimbusApp } from "../types.js";

const SIGNIN_ROUTE = "/v1/auth/signin";
const CAPTCHA_INIT_ROUTE = "/v1/shield/captcha/init";

/**
 * Counts every answer by its route pattern (`/drive/v1/files/:id`, never the raw URL, so
 * ids do not become series), its latency and the bytes in and out; sign-in failures and
 * captcha challenges are read off their routes' answers.
 */
export function installRequestMetrics(app: NimbusApp, metrics: Metrics): void {
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "(unmatched)";
    const method = request.method;
    const status = reply.statusCode;
    metrics.requests.inc({ method, route, status: String(status) });
    metrics.latency.observe({ method, route }, reply.elapsedTime / 1000);
    const received = Number(request.headers["content-length"] ?? 0);
    if (Number.isFinite(received) && received > 0) metrics.bytesIn.inc({ route }, received);
    const sent = Number(reply.getHeader("content-length") ?? 0);
    if (Number.isFinite(sent) && sent > 0) metrics.bytesOut.inc({ route }, sent);
    if (route === SIGNIN_ROUTE && method === "POST" && status >= 400) metrics.signinFailures.inc();
    if (route === CAPTCHA_INIT_ROUTE && status === 200) metrics.captchaChallenges.inc();
  });
}
