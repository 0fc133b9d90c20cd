import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function updateUserSettings(app: NimbusApp, { userSettings }: Services): void {
  route(
    app,
    endpoints.user.updateSettings,
    {
      schema: {
        tags: ["user"],
        summary: "Change some user settings; answers all of them",
        description:
          "Only the five names of spec §3 are accepted, each a boolean; another name is `invalid_argument`.",
      },
    },
    async (request) => userSettings.update(userId(request), request.body),
  );
}
