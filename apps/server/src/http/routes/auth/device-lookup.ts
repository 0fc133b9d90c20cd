import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

/** What the TV page shows about a user code before the person approves it. */
export function deviceLookup(app: NimbusApp, { devices }: Services): void {
  route(
    app,
    endpoints.auth.deviceLookup,
    {
      schema: {
        tags: ["auth"],
        summary: "The client and scope waiting behind a user code",
      },
    },
    async (request) => devices.lookup(userId(request), request.query.user_code),
  );
}
