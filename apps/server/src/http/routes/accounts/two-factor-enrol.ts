import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function twoFactorEnrol(app: NimbusApp, { twoFactor }: Services): void {
  route(
    app,
    endpoints.accounts.twoFactorEnrol,
    {
      schema: {
        tags: ["user"],
        summary: "Start two-factor enrolment: a TOTP secret, its otpauth:// URI and QR code",
      },
    },
    async (request) => twoFactor.startEnrolment(userId(request)),
  );
}
