import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function twoFactorStatus(app: NimbusApp, { twoFactor }: Services): void {
  route(
    app,
    endpoints.accounts.twoFactorStatus,
    {
      schema: { tags: ["user"], summary: "Two-factor state" },
    },
    async (request) => twoFactor.status(userId(request)),
  );
}
