import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function resumeSubscription(app: NimbusApp, { membership }: Services): void {
  route(
    app,
    endpoints.membership.resumeSubscription,
    {
      schema: { tags: ["membership"], summary: "Renew again at the end of the period" },
    },
    async (request) => membership.setCancelAtPeriodEnd(userId(request), false),
  );
}
