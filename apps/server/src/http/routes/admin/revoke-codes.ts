import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

export function revokeCodes(app: NimbusApp, { activationCodes }: Services): void {
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
    async (request) => ({
      batch_id: request.params.batch_id,
      revoked_count: await activationCodes.revokeBatch(request.params.batch_id),
    }),
  );
}
