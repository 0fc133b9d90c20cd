import { twoFactorStatusSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function twoFactorStatus(app: NimbusApp, { auth, twoFactor }: Services): void {
  app.get(
    "/v1/user/me/2fa",
    {
      onRequest: requireUser(auth),
      schema: { tags: ["user"], summary: "Two-factor state", response: { 200: twoFactorStatusSchema } },
    },
    async (request) => twoFactor.status(userId(request)),
  );
}
