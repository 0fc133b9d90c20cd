import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function createOrder(app: NimbusApp, { orders }: Services): void {
  route(
    app,
    endpoints.membership.order,
    {
      schema: { tags: ["membership"], summary: "Start the checkout of a product" },
    },
    async (request) => orders.create(userId(request), request.body),
  );
}
