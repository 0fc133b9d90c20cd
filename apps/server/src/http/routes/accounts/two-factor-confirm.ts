import { recoveryCodesResponseSchema, twoFactorCodeRequestSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function twoFactorConfirm(app: NimbusApp, { auth, twoFactor }: Services): void {
  app.post(
    "/v1/user/me/2fa/confirm",
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["user"],
        summary: "Turn two-factor on with a first code; answers 10 one-time recovery codes (shown once)",
        body: twoFactorCodeRequestSchema,
        response: { 200: recoveryCodesResponseSchema },
      },
    },
    async (request) => ({
      recovery_codes: await twoFactor.confirmEnrolment(userId(request), request.body.code),
    }),
  );
}
