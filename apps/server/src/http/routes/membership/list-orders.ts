import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function listOrders(app: NimbusApp, { orders }: Services): void {
  route(
    app,
    endpoints.membership.listOrders,
    {
      schema: { tags: ["membership"], summary: "The caller's orders, newest first" },
    },
    async (request) => orders.list(userId(request), request.query),
  );
}
