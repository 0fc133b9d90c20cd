import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { principalOf } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function changePassword(app: NimbusApp, { profiles }: Services): void {
  route(
    app,
    endpoints.user.changePassword,
    {
      schema: {
        tags: ["user"],
        summary: "Change the password (or set a first one); every other session ends",
        description:
          "A wrong `old_password` answers `invalid_password` (4010); 10 wrong ones in 15 minutes `too_many_requests`.",
      },
    },
    async (request) => profiles.changePassword(principalOf(request), request.body),
  );
}
