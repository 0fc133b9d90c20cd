import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function savePlaybackPosition(app: NimbusApp, { playbackPositions }: Services): void {
  route(
    app,
    endpoints.playback.savePosition,
    {
      schema: {
        tags: ["playback"],
        summary: "Save where the caller stopped playing a file, and the tracks chosen (decision 0060)",
        description:
          "Sent every few seconds while playing and on pause. A position within the last 5 % or 5 s " +
          "counts as played to the end: the file shows as watched and the next play starts at 0. " +
          "`audio_track` (a stream index) and `subtitle` (an id from the plan, '' for off) are " +
          "remembered for this file and, by language, for the next ones. Answers 204.",
      },
    },
    async (request, reply) => {
      await playbackPositions.save(userId(request), request.params.id, request.body);
      return reply.code(204).send();
    },
  );
}
