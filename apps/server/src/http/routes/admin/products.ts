import { endpoints } from "@nimbus/protocol";
import { isoTime } from "../../../lib/clock.js";
import type { AdminProduct } from "../../../modules/payments/catalogue-admin.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { adminActor } from "./admin-actor.js";

function present(product: AdminProduct) {
  return {
    id: product.id,
    kind: product.kind,
    name_key: product.nameKey,
    active: product.active,
    prices: product.prices,
    campaigns: product.campaigns.map((c) => ({
      campaign_id: c.campaignId,
      currency: c.currency,
      amount: c.amount,
      start_time: isoTime(c.startsAt),
      end_time: isoTime(c.endsAt),
    })),
  };
}

/** `GET /admin/v1/products` and `POST /admin/v1/products/{id}/prices`: the catalogue and its list prices. */
export function adminProducts(app: NimbusApp, { catalogueAdmin }: Services): void {
  route(
    app,
    endpoints.admin.listProducts,
    { schema: { tags: ["admin"], summary: "Products with list and campaign prices (admins)" } },
    async () => ({ data: (await catalogueAdmin.list()).map(present) }),
  );
  route(
    app,
    endpoints.admin.setProductPrice,
    {
      schema: {
        tags: ["admin"],
        summary: "Set a product's list price in one currency (admins)",
        description:
          "Minor units. The price holds from now on and across restarts (the start-up catalogue seed keeps it).",
      },
    },
    async (request) =>
      present(
        await catalogueAdmin.setPrice(
          adminActor(request),
          request.params.product_id,
          request.body.currency,
          request.body.amount,
        ),
      ),
  );
}
