import { deviceVerifyRequestSchema, deviceVerifyResponseSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

/** The signed-in person approves (or denies) the code a TV or CLI shows. */
export function deviceVerify(app: NimbusApp, { auth, devices }: Services): void {
  app.post(
    "/v1/auth/device/verify",
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["auth"],
        summary: "Approve or deny a device's user code",
        description: "Unknown or answered codes: `invalid_grant`; expired: `expired_token`.",
        body: deviceVerifyRequestSchema,
        response: { 200: deviceVerifyResponseSchema },
      },
    },
    async (request) => devices.verify(userId(request), request.body.user_code, request.body.approve),
  );
}
