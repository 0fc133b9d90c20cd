import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function updateMe(app: NimbusApp, { profiles }: Services): void {
  route(
    app,
    endpoints.user.updateMe,
    {
      schema: {
        tags: ["user"],
        summary: "Edit the profile: display name, locale",
      },
    },
    async (request) => profiles.update(userId(request), request.body),
  );
}
