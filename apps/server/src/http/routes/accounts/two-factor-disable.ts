import { twoFactorDisableRequestSchema } from "@nimbus/protocol";
import { z } from "zod";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function twoFactorDisable(app: NimbusApp, { auth, twoFactor }: Services): void {
  app.post(
    "/v1/user/me/2fa/disable",
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["user"],
        summary: "Turn two-factor off with a current code or a recovery code",
        body: twoFactorDisableRequestSchema,
        response: { 200: z.object({}) },
      },
    },
    async (request) => {
      await twoFactor.disable(userId(request), {
        code: request.body.code,
        recoveryCode: request.body.recovery_code,
      });
      return {};
    },
  );
}
