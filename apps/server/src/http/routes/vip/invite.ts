import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import { sessionContext } from "../../plugins/web-session.js";
import type { NimbusApp } from "../../types.js";
import { INVITE_COOKIE } from "../../web/invite-cookie.js";

export function invite(app: NimbusApp, { invites }: Services): void {
  route(
    app,
    endpoints.rewards.invite,
    {
      schema: {
        tags: ["vip"],
        summary: "Claim the new-user free days (the invite activity)",
        description:
          "Called once after sign-in by a user without premium or free days (spec §4). A new account that came " +
          "through an invite link (the `pp_invite` cookie) gets `REWARD_INVITEE_DAYS` and its inviter " +
          "`REWARD_INVITER_DAYS`, unless the two share a device or address, the address is an alias of an earlier " +
          "invitee's, or the inviter is over `REWARD_INVITE_MONTHLY_CAP`; otherwise `REWARD_NEW_USER_DAYS`. " +
          "Any later call answers `free_days: 0`.",
      },
    },
    async (request) => {
      const { deviceId, ip } = sessionContext(request);
      const attribution = Object.fromEntries(
        Object.entries(request.body).filter(
          (entry): entry is [string, string] => typeof entry[1] === "string",
        ),
      );
      const { freeDays } = await invites.claim({
        userId: userId(request),
        inviteCode: request.cookies[INVITE_COOKIE],
        deviceId,
        ip,
        attribution,
      });
      return { free_days: freeDays };
    },
  );
}
