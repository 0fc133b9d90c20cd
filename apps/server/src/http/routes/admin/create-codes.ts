import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";
import { adminActor } from "./admin-actor.js";

export function createCodes(app: NimbusApp, { activationCodes, adminLog }: Services): void {
  route(
    app,
    endpoints.rewards.createCodes,
    {
      schema: {
        tags: ["admin"],
        summary: "Make a batch of activation codes (admins)",
        description:
          "Up to 10,000 single-use codes granting `grants` until `expires_time`. The plain codes are answered " +
          "here and kept sealed for the batch export; lookups use their keyed hash.",
      },
      bodyLimit: 64 * 1024,
    },
    async (request) => {
      const { count, grants, expires_time, note } = request.body;
      const batch = await activationCodes.createBatch({
        count,
        grants: {
          ...(grants.premium_days ? { premiumDays: grants.premium_days } : {}),
          ...(grants.storage_bytes ? { storageBytes: grants.storage_bytes } : {}),
          ...(grants.traffic_bytes ? { trafficBytes: grants.traffic_bytes } : {}),
        },
        expiresAt: expires_time ? Date.parse(expires_time) : undefined,
        note,
        createdBy: userId(request),
      });
      await adminLog.record({
        ...adminActor(request),
        action: "activation_codes.create",
        target: batch.batchId,
        detail: { count, grants, expires_time: expires_time ?? null, note },
      });
      return { batch_id: batch.batchId, codes: batch.codes };
    },
  );
}
