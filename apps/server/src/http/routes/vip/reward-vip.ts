import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function rewardVip(app: NimbusApp, { checkIns }: Services): void {
  route(
    app,
    endpoints.rewards.rewardVip,
    {
      schema: {
        tags: ["vip"],
        summary: "Check in for today",
        description:
          "Once per calendar day: traffic on days 1 to 6 of the streak, premium days on the 7th; a missed day " +
          "starts the streak again. A second check-in the same day answers `check_in_done_today`.",
      },
    },
    async (request) => checkIns.checkIn(userId(request), request.body.data?.time_zone),
  );
}
