import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { adminActor } from "./admin-actor.js";

export function revokeCodes(app: NimbusApp, { activationCodes, adminLog }: Services): void {
  route(
    app,
    endpoints.rewards.revokeCodes,
    {
      schema: {
        tags: ["admin"],
        summary: "Revoke a batch of activation codes (admins)",
        description: "Its codes not yet redeemed answer `activation_code_revoked` from now on.",
      },
    },
    async (request) => {
      const { batch_id } = request.params;
      const revoked_count = await activationCodes.revokeBatch(batch_id);
      await adminLog.record({
        ...adminActor(request),
        action: "activation_codes.revoke",
        target: batch_id,
        detail: { revoked_count },
      });
      return { batch_id, revoked_count };
    },
  );
}
