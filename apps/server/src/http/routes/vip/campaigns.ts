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
        summary: "The campaigns live now (or, `scope=all`, every configured one)",
        description:
          "Campaigns (`REWARD_CAMPAIGNS`, or the window an admin set) whose window holds now; their prices and pages hold only then. " +
          "`scope=all` lists every configured window, so a page can tell an ended campaign from a coming one.",
      },
    },
    async (request) => ({
      campaigns: (request.query.scope === "all"
        ? await services.campaigns.all()
        : await services.campaigns.live()
      ).map((c) => ({
        id: c.id,
        start_time: isoTime(c.startsAt),
        end_time: isoTime(c.endsAt),
      })),
    }),
  );
}
