import { endpoints } from "@nimbus/protocol";
import { isoTime } from "../../../lib/clock.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

export function campaigns(app: NimbusApp, services: Services): void {
  route(
    app,
    endpoints.rewards.campaigns,
    {
      schema: {
        tags: ["vip"],
        summary: "The campaigns live now (or, `scope=all`, every configured one) and what they charge",
        description:
          "Campaigns (`REWARD_CAMPAIGNS`, or the window an admin set) whose window holds now; their prices and pages hold only then. " +
          "`scope=all` lists each configured campaign's window holding now, else its next (a yearly campaign's next year), " +
          "else the one that ended, so a page can tell an ended campaign from a coming one. " +
          "`offers` are the campaign's prices beside the list prices, in `currency` (default USD) as the plans page charges them.",
      },
    },
    async (request) => {
      const windows =
        request.query.scope === "all" ? await services.campaigns.all() : await services.campaigns.live();
      return {
        campaigns: await Promise.all(
          windows.map(async (c) => ({
            id: c.id,
            start_time: isoTime(c.startsAt),
            end_time: isoTime(c.endsAt),
            offers: await services.prices.campaignOffers(c, request.query.currency),
          })),
        ),
      };
    },
  );
}
