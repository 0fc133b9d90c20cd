import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function revokeAppPassword(app: NimbusApp, { appPasswords }: Services): void {
  route(
    app,
    endpoints.user.revokeAppPassword,
    {
      schema: {
        tags: ["user"],
        summary: "Revoke an app password",
        description: "The app's next WebDAV request answers 401. An unknown id answers `not_found`.",
      },
    },
    async (request) => {
      await appPasswords.revoke(userId(request), request.params.id);
      return {};
    },
  );
}
