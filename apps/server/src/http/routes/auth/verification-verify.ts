import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

export function verificationVerify(app: NimbusApp, { verifications }: Services): void {
  route(
    app,
    endpoints.auth.verificationVerify,
    {
      schema: {
        tags: ["auth"],
        summary: "Trade a verification code for a one-use verification token",
        description:
          "`invalid_verification_code` (4014) for a wrong code (5 tries per code), `expired_verification_code` " +
          "(4024) after 10 minutes. `is_user` tells whether an account holds the verified address.",
      },
    },
    async (request) => verifications.verify(request.body.verification_id, request.body.verification_code),
  );
}
