import { endpoints } from "@nimbus/protocol";
import { isoTime } from "../../../lib/clock.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function taskStatus(app: NimbusApp, { checkIns }: Services): void {
  route(
    app,
    endpoints.rewards.taskStatus,
    {
      schema: {
        tags: ["vip"],
        summary: "The daily check-in's state",
        description:
          "The standing streak, whether the caller checked in today, today's reward, the week's reward table " +
          "and when the next check-in opens. Days are counted in the time zone of the caller's first check-in " +
          "(before it: `time_zone`, else UTC).",
      },
    },
    async (request) => {
      const status = await checkIns.status(userId(request), request.query.time_zone);
      return {
        scene: "check_in" as const,
        streak: status.streak,
        checked_in_today: status.checkedInToday,
        today: status.today,
        rewards: status.rewards,
        next_reset_time: isoTime(status.nextResetAt),
        time_zone: status.timeZone,
      };
    },
  );
}
