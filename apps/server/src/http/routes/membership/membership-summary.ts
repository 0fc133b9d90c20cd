import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function membershipSummary(app: NimbusApp, { membership }: Services): void {
  route(
    app,
    endpoints.membership.membership,
    {
      schema: { tags: ["membership"], summary: "The caller's plan, renewal and packs" },
    },
    async (request) => membership.membership(userId(request)),
  );
}
