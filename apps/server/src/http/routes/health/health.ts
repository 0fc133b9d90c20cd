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
 * Readiness: the database and the blob store both answer and DATA_DIR's volume (`data_volume`)
 * has at least DISK_RESERVE_BYTES free; 503 otherwise (`full` names the volume that cannot take
 * writes). `previews` says which preview kinds this server can make (their programs, found
 * once; decision 0056).
 */
export function readyz(app: NimbusApp, { database, blobs, mediaTools, dataVolume }: Services): void {
  route(app, endpoints.health.readyz, { schema: { hide: true } }, async (request, reply) => {
    const [db, store, volume] = await Promise.allSettled([database.ping(), blobs.ping(), dataVolume.check()]);
    const dataVolumeState = volume.status === "rejected" ? "unavailable" : volume.value.ready ? "ok" : "full";
    const checks = { database: outcome(db), blobs: outcome(store), data_volume: dataVolumeState };
    const ready = db.status === "fulfilled" && store.status === "fulfilled" && dataVolumeState === "ok";
    if (!ready)
      request.log.warn(
        { checks, volume: volume.status === "fulfilled" ? volume.value : undefined },
        "not ready",
      );
    const previews = { ...mediaTools.previewKinds() };
    return reply.code(ready ? 200 : 503).send({ status: ready ? "ok" : "unavailable", checks, previews });
  });
}

function outcome(result: PromiseSettledResult<unknown>): string {
  return result.status === "fulfilled" ? "ok" : "unavailable";
}
