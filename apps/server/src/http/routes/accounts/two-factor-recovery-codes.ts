import { recoveryCodesResponseSchema, twoFactorCodeRequestSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function twoFactorRecoveryCodes(app: NimbusApp, { auth, twoFactor }: Services): void {
  app.post(
    "/v1/user/me/2fa/recovery_codes",
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["user"],
        summary: "Replace the recovery codes (a current code proves it); the old ones stop working",
        body: twoFactorCodeRequestSchema,
        response: { 200: recoveryCodesResponseSchema },
      },
    },
    async (request) => ({
      recovery_codes: await twoFactor.regenerateRecoveryCodes(userId(request), request.body.code),
    }),
  );
}
