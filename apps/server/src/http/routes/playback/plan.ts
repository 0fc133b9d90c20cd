import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function playbackPlan(app: NimbusApp, { playback }: Services): void {
  route(
    app,
    endpoints.playback.plan,
    {
      schema: {
        tags: ["playback"],
        summary: "How a file plays in this browser: direct, or HLS made on demand (decision 0060)",
        description:
          "The body says what the browser decodes; the answer is the cheapest path that plays (the original " +
          "bytes, a remux, an audio transcode or a full transcode to H.264 + AAC) with its renditions (free " +
          "users' above `PLAYBACK_FREE_MAX_HEIGHT` locked), audio tracks, subtitles and saved position. " +
          "`url` is a signed link: the original's download link, or an HLS master playlist.",
      },
    },
    async (request) => playback.planForUser(userId(request), request.params.id, request.body),
  );
}
