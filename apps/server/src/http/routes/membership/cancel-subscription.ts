import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function cancelSubscription(app: NimbusApp, { membership }: Services): void {
  route(
    app,
    endpoints.membership.cancelSubscription,
    {
      schema: { tags: ["membership"], summary: "Stop renewing at the end of the period" },
    },
    async (request) => membership.setCancelAtPeriodEnd(userId(request), true),
  );
}
