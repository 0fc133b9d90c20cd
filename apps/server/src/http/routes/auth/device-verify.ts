import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

/** The signed-in person approves (or denies) the code a TV or CLI shows. */
export function deviceVerify(app: NimbusApp, { devices }: Services): void {
  route(
    app,
    endpoints.auth.deviceVerify,
    {
      schema: {
        tags: ["auth"],
        summary: "Approve or deny a device's user code",
        description: "Unknown or answered codes: `invalid_grant`; expired: `expired_token`.",
      },
    },
    async (request) => devices.verify(userId(request), request.body.user_code, request.body.approve),
  );
}
