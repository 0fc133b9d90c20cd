import { userMeSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function me(app: NimbusApp, { auth, profiles }: Services): void {
  app.get(
    "/v1/user/me",
    {
      onRequest: requireUser(auth),
      schema: { tags: ["user"], summary: "The signed-in user's profile", response: { 200: userMeSchema } },
    },
    async (request) => profiles.me(userId(request)),
  );
}
