import { endpoints } from "@nimbus/protocol";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

/** The web's public-IP probe (decision 0045): the caller's address as this server sees it (`TRUST_PROXY`). */
export function clientIp(app: NimbusApp): void {
  route(
    app,
    endpoints.access.clientIp,
    { schema: { tags: ["access"], summary: "The caller's address as this server sees it" } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { ip: request.ip };
    },
  );
}
