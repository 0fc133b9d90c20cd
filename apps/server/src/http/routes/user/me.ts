import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function me(app: NimbusApp, { profiles }: Services): void {
  route(
    app,
    endpoints.user.me,
    {
      schema: { tags: ["user"], summary: "The signed-in user's profile" },
    },
    async (request) => profiles.me(userId(request)),
  );
}
