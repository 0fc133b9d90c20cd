import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

export function products(app: NimbusApp, { prices }: Services): void {
  route(
    app,
    endpoints.membership.products,
    {
      schema: { tags: ["membership"], summary: "Products and prices of the shop" },
    },
    async (request) => prices.products(request.query.currency),
  );
}
