import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function createAppPassword(app: NimbusApp, { appPasswords }: Services): void {
  route(
    app,
    endpoints.user.createAppPassword,
    {
      schema: {
        tags: ["user"],
        summary: "Create an app password for WebDAV (answered this once)",
        description:
          "A password for one app (Finder, Explorer, rclone, a media player) to sign in to `/dav/` with the account's email or username. It works only for WebDAV, also on an account with two-step sign-in, and ends when revoked, when the password changes or is reset, on sign out everywhere, and when the account is frozen or deleted. At most 50 per account (`resource_exhausted`).",
      },
    },
    async (request) => appPasswords.create(userId(request), request.body.name),
  );
}
