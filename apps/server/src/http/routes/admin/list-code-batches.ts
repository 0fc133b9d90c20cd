import { endpoints } from "@nimbus/protocol";
import { isoTime } from "../../../lib/clock.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { grantsBody } from "../vip/grants-body.js";

export function listCodeBatches(app: NimbusApp, { activationCodes }: Services): void {
  route(
    app,
    endpoints.rewards.listCodeBatches,
    { schema: { tags: ["admin"], summary: "Activation code batches, newest first (admins)" } },
    async () => ({
      batches: (await activationCodes.listBatches()).map((b) => ({
        batch_id: b.batchId,
        note: b.note,
        grants: grantsBody(b.grants),
        code_count: b.codeCount,
        redeemed_count: b.redeemedCount,
        expires_time: b.expiresAt === null ? null : isoTime(b.expiresAt),
        created_time: isoTime(b.createdAt),
        revoked_time: b.revokedAt === null ? null : isoTime(b.revokedAt),
      })),
    }),
  );
}
