import { endpoints } from "@nimbus/protocol";
import { isoTime } from "../../../lib/clock.js";
import type { CampaignWindowView } from "../../../modules/rewards/campaigns.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { adminActor } from "./admin-actor.js";

function present(campaign: CampaignWindowView) {
  return {
    id: campaign.id,
    start_time: isoTime(campaign.startsAt),
    end_time: isoTime(campaign.endsAt),
    pages: campaign.pages,
    prices: campaign.prices,
    edited: campaign.edited,
  };
}

/** `GET /admin/v1/campaigns` and `POST /admin/v1/campaigns/{id}/window`: campaign windows. */
export function adminCampaignWindows(app: NimbusApp, { campaigns }: Services): void {
  route(
    app,
    endpoints.admin.listCampaigns,
    { schema: { tags: ["admin"], summary: "Campaign windows of the pages and the catalogue (admins)" } },
    async () => ({ data: (await campaigns.list()).map(present) }),
  );
  route(
    app,
    endpoints.admin.setCampaignWindow,
    {
      schema: {
        tags: ["admin"],
        summary: "Set a campaign's window (admins)",
        description:
          "The window holds for the campaign's activity pages and its prices, across restarts. " +
          "`invalid_argument` when the end is not after the start, `activity_not_found` for an unknown campaign.",
      },
    },
    async (request) =>
      present(
        await campaigns.setWindow(
          adminActor(request),
          request.params.campaign_id,
          Date.parse(request.body.start_time),
          Date.parse(request.body.end_time),
        ),
      ),
  );
}
