import { endpoints } from "@nimbus/protocol";
import { isoTime } from "../../../lib/clock.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { adminActor } from "./admin-actor.js";

export function exportCodes(app: NimbusApp, { activationCodes, adminLog }: Services): void {
  route(
    app,
    endpoints.rewards.exportCodes,
    {
      schema: {
        tags: ["admin"],
        summary: "Export a batch's codes as CSV (admins)",
        description:
          "`code,status,redeemed_by,redeemed_time`; status is available, redeemed, revoked or expired.",
      },
    },
    async (request, reply) => {
      const { batch_id } = request.params;
      const codes = await activationCodes.exportBatch(batch_id);
      // The plain codes are shown again: who saw them is part of the log.
      await adminLog.record({ ...adminActor(request), action: "activation_codes.export", target: batch_id });
      const lines = ["code,status,redeemed_by,redeemed_time"];
      for (const c of codes) {
        lines.push(
          [c.code, c.status, c.redeemedBy ?? "", c.redeemedAt === null ? "" : isoTime(c.redeemedAt)].join(
            ",",
          ),
        );
      }
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="activation-codes-${batch_id}.csv"`)
        .header("cache-control", "no-store")
        .send(`${lines.join("\r\n")}\r\n`);
    },
  );
}
