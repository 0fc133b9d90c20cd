import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

/** Liveness: the process answers. */
export function healthz(app: NimbusApp): void {
  route(app, endpoints.health.healthz, { schema: { hide: true } }, async () => ({
    status: "ok" as const,
  }));
}

/**
 * Readiness: the database and the blob store both answer; 503 otherwise. `previews` says
 * which preview kinds this server can make (their programs, found once; decision 0056).
 */
export function readyz(app: NimbusApp, { database, blobs, mediaTools }: Services): void {
  route(app, endpoints.health.readyz, { schema: { hide: true } }, async (request, reply) => {
    const [db, store] = await Promise.allSettled([database.ping(), blobs.ping()]);
    const checks = { database: outcome(db), blobs: outcome(store) };
    const ready = db.status === "fulfilled" && store.status === "fulfilled";
    if (!ready) request.log.warn({ checks }, "not ready");
    const previews = { ...mediaTools.previewKinds() };
    return reply.code(ready ? 200 : 503).send({ status: ready ? "ok" : "unavailable", checks, previews });
  });
}

function outcome(result: PromiseSettledResult<unknown>): string {
  return result.status === "fulfilled" ? "ok" : "unavailable";
}
