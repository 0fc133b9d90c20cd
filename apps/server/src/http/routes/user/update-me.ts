import { updateMeRequestSchema, userMeSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function updateMe(app: NimbusApp, { auth, profiles }: Services): void {
  app.patch(
    "/v1/user/me",
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["user"],
        summary: "Edit the profile: display name, locale",
        body: updateMeRequestSchema,
        response: { 200: userMeSchema },
      },
    },
    async (request) => profiles.update(userId(request), request.body),
  );
}
