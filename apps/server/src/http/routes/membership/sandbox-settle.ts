import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function sandboxSettle(app: NimbusApp, { orders }: Services): void {
  route(
    app,
    endpoints.membership.sandboxSettle,
    {
      schema: { tags: ["membership"], summary: "Pay or decline an order on the test-mode checkout page" },
    },
    async (request) => ({
      order: await orders.sandboxSettle(userId(request), request.params.id, request.body.outcome),
    }),
  );
}
