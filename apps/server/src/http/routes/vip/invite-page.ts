import { endpoints } from "@nimbus/protocol";
import { isoTime } from "../../../lib/clock.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function invitePage(app: NimbusApp, { invites }: Services): void {
  route(
    app,
    endpoints.rewards.invitePage,
    {
      schema: {
        tags: ["vip"],
        summary: "The caller's invite link and the friends who came through it",
        description:
          "Newest first, names masked; `total_free_days` is every day the caller earned by inviting.",
      },
    },
    async (request) => {
      const page = await invites.page(userId(request), request.query.limit, request.query.page_token);
      return {
        invite_code: page.inviteCode,
        invite_url: page.inviteUrl,
        reward_days: page.rewardDays,
        invited: page.invited.map((friend) => ({
          user_name: friend.userName,
          created_time: isoTime(friend.createdAt),
          free_days: friend.freeDays,
        })),
        total_free_days: page.totalFreeDays,
        next_page_token: page.nextPageToken,
      };
    },
  );
}
