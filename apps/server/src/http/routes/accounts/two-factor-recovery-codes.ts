import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function twoFactorRecoveryCodes(app: NimbusApp, { twoFactor }: Services): void {
  route(
    app,
    endpoints.accounts.twoFactorRecoveryCodes,
    {
      schema: {
        tags: ["user"],
        summary: "Replace the recovery codes (a current code proves it); the old ones stop working",
      },
    },
    async (request) => ({
      recovery_codes: await twoFactor.regenerateRecoveryCodes(userId(request), request.body.code),
    }),
  );
}
