import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function twoFactorConfirm(app: NimbusApp, { twoFactor }: Services): void {
  route(
    app,
    endpoints.accounts.twoFactorConfirm,
    {
      schema: {
        tags: ["user"],
        summary: "Turn two-factor on with a first code; answers 10 one-time recovery codes (shown once)",
      },
    },
    async (request) => ({
      recovery_codes: await twoFactor.confirmEnrolment(userId(request), request.body.code),
    }),
  );
}
