import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function userSettings(app: NimbusApp, { userSettings }: Services): void {
  route(
    app,
    endpoints.user.settings,
    {
      schema: {
        tags: ["user"],
        summary: "The user settings (spec §3), defaults included",
      },
    },
    async (request) => userSettings.get(userId(request)),
  );
}
