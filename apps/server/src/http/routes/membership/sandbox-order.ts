import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function sandboxOrder(app: NimbusApp, { orders }: Services): void {
  route(
    app,
    endpoints.membership.sandboxOrder,
    {
      schema: { tags: ["membership"], summary: "An order as the test-mode checkout page shows it" },
    },
    async (request) => ({
      order: await orders.sandboxOrder(userId(request), request.params.id),
      test_mode: true as const,
    }),
  );
}
