import { NimbusError, userMeSchema } from "@nimbus/protocol";
import { presentUser } from "../../../modules/users/user-presenter.js";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function me(app: NimbusApp, { auth, users }: Services): void {
  app.get(
    "/v1/user/me",
    {
      onRequest: requireUser(auth),
      schema: { tags: ["user"], summary: "The signed-in user's profile", response: { 200: userMeSchema } },
    },
    async (request) => {
      const user = await users.findById(userId(request));
      if (!user) throw new NimbusError("unauthenticated", "account no longer exists");
      return presentUser(user);
    },
  );
}
