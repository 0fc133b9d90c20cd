import { z } from "zod";
import type { Services } from "../../../services.js";
import type { NimbusApp } from "../../types.js";

const statusSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  checks: z.record(z.string(), z.string()).optional(),
});

/** Liveness: the process answers. */
export function healthz(app: NimbusApp): void {
  app.get("/healthz", { schema: { hide: true, response: { 200: statusSchema } } }, async () => ({
    status: "ok" as const,
  }));
}

/** Readiness: the database and the blob store both answer; 503 otherwise. */
export function readyz(app: NimbusApp, { database, blobs }: Services): void {
  app.get(
    "/readyz",
    { schema: { hide: true, response: { 200: statusSchema, 503: statusSchema } } },
    async (request, reply) => {
      const [db, store] = await Promise.allSettled([database.ping(), blobs.ping()]);
      const checks = { database: outcome(db), blobs: outcome(store) };
      const ready = db.status === "fulfilled" && store.status === "fulfilled";
      if (!ready) request.log.warn({ checks }, "not ready");
      return reply.code(ready ? 200 : 503).send({ status: ready ? "ok" : "unavailable", checks });
    },
  );
}

function outcome(result: PromiseSettledResult<unknown>): string {
  return result.status === "fulfilled" ? "ok" : "unavailable";
}
