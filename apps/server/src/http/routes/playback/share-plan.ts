import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { visitOf } from "../share/visit.js";

export function sharePlaybackPlan(app: NimbusApp, { playback, shareVisits }: Services): void {
  route(
    app,
    endpoints.playback.sharePlan,
    {
      schema: {
        tags: ["playback"],
        summary: "How a file of a share plays in this browser (decision 0060)",
        description:
          "The same checks as `share/file_info` (passcode token, status, the file inside the share); a share " +
          "whose check is not OK is `share_unavailable` with its `share_status`. Links are held by the visitor: " +
          "a signed-in visitor's download traffic pays for the segments, an anonymous visitor's address allowance.",
      },
    },
    async (request) => {
      const body = request.body;
      const visit = visitOf(request, body);
      return playback.planForShare(shareVisits, visit, body.file_id, body);
    },
  );
}
