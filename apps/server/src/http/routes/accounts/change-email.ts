import { changeEmailRequestSchema, changeEmailResponseSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function changeEmail(app: NimbusApp, { auth, accountChanges }: Services): void {
  app.post(
    "/v1/user/me/email",
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["user"],
        summary: "Change the email to one proven by a CHANGE_EMAIL code (asked for by this user)",
        body: changeEmailRequestSchema,
        response: { 200: changeEmailResponseSchema },
      },
    },
    async (request) => accountChanges.changeEmail(userId(request), request.body.verification_token),
  );
}
