import { twoFactorEnrolmentSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function twoFactorEnrol(app: NimbusApp, { auth, twoFactor }: Services): void {
  app.post(
    "/v1/user/me/2fa/enrolment",
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["user"],
        summary: "Start two-factor enrolment: a TOTP secret, its otpauth:// URI and QR code",
        response: { 200: twoFactorEnrolmentSchema },
      },
    },
    async (request) => twoFactor.startEnrolment(userId(request)),
  );
}
