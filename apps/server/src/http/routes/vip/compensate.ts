import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function compensate(app: NimbusApp, { compensations }: Services): void {
  route(
    app,
    endpoints.rewards.compensate,
    {
      schema: {
        tags: ["vip"],
        summary: "Claim a compensation",
        description:
          "Grants a compensation's premium days (`REWARD_COMPENSATIONS`) once to an account created before its " +
          "date: `compensation_not_eligible` otherwise, `compensation_claimed` the second time.",
      },
    },
    async (request) => {
      const { premiumDays } = await compensations.claim(userId(request), request.body.type);
      return { type: request.body.type, grants: { premium_days: premiumDays } };
    },
  );
}
