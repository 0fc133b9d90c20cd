import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function getOrder(app: NimbusApp, { orders }: Services): void {
  route(
    app,
    endpoints.membership.getOrder,
    {
      schema: { tags: ["membership"], summary: "One of the caller's orders" },
    },
    async (request) => ({ order: await orders.get(userId(request), request.params.id) }),
  );
}
