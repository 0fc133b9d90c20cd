import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function twoFactorDisable(app: NimbusApp, { twoFactor }: Services): void {
  route(
    app,
    endpoints.accounts.twoFactorDisable,
    {
      schema: {
        tags: ["user"],
        summary: "Turn two-factor off with a current code or a recovery code",
      },
    },
    async (request) => {
      await twoFactor.disable(userId(request), {
        code: request.body.code,
        recoveryCode: request.body.recovery_code,
      });
      return {};
    },
  );
}
