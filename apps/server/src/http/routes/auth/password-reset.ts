import { passwordResetRequestSchema } from "@nimbus/protocol";
import { z } from "zod";
import type { Services } from "../../../services.js";
import type { NimbusApp } from "../../types.js";

export function passwordReset(app: NimbusApp, { accountChanges }: Services): void {
  app.post(
    "/v1/auth/password/reset",
    {
      schema: {
        tags: ["auth"],
        summary: "Set a new password with a RESET_PASSWORD verification token; every session ends",
        body: passwordResetRequestSchema,
        response: { 200: z.object({}) },
      },
    },
    async (request) => {
      await accountChanges.resetPassword(request.body);
      return {};
    },
  );
}
