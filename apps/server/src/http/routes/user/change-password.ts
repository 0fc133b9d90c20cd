import { changePasswordRequestSchema, changePasswordResponseSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { principalOf, requireUser } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function changePassword(app: NimbusApp, { auth, profiles }: Services): void {
  app.post(
    "/v1/user/me/password",
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["user"],
        summary: "Change the password (or set a first one); every other session ends",
        description:
          "A wrong `old_password` answers `invalid_password` (4010); 10 wrong ones in 15 minutes `too_many_requests`.",
        body: changePasswordRequestSchema,
        response: { 200: changePasswordResponseSchema },
      },
    },
    async (request) => profiles.changePassword(principalOf(request), request.body),
  );
}
