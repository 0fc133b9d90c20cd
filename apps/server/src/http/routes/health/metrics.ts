import { endpoints, NimbusError } from "@nimbus/protocol";
import type { FastifyRequest } from "fastify";
import { equalSecret } from "../../../lib/constant-time.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { bearerToken } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * `GET /metrics`, Prometheus text. It sits in the public scope because its caller is a
 * scraper, not a user: the route itself lets in loopback callers, or anyone with
 * `Authorization: Bearer <METRICS_TOKEN>` when the operator set one (compared in constant time).
 */
export function metrics(app: NimbusApp, { metrics: series, config }: Services): void {
  route(app, endpoints.health.metrics, { schema: { hide: true } }, async (request, reply) => {
    if (!mayScrape(request, config.operators.metricsToken)) {
      throw new NimbusError("permission_denied", "metrics: loopback or METRICS_TOKEN only", {
        metadata: { reason: "METRICS_FORBIDDEN" },
      });
    }
    return reply
      .header("content-type", series.registry.contentType)
      .header("cache-control", "no-store")
      .send(await series.scrape());
  });
}

function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = bearerToken(request);
    if (given !== undefined && equalSecret(given, token)) return true;
  }
  // A request a proxy on this host forwarded comes from loopback too: it is not a local scraper.
  if (request.headers["x-forwarded-for"] !== undefined || request.headers.forwarded !== undefined)
    return false;
  return LOOPBACK.test(request.ip);
}
