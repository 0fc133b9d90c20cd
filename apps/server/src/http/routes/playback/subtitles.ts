import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

/** The subtitles of one of the caller's videos, with a subtitle file of their drive added (`add`). */
export function listSubtitles(app: NimbusApp, { subtitles }: Services): void {
  route(
    app,
    endpoints.playback.listSubtitles,
    {
      schema: {
        tags: ["playback"],
        summary: "A video's subtitles, plus a subtitle file of the drive the player adds (decision 0060)",
        description:
          "Embedded text streams and sidecar files (`Movie.en.srt` beside `Movie.mkv`) with signed WebVTT " +
          "links, image subtitles as `burn_in` options, and the subtitle file `add` (`.srt`, `.ass`, `.ssa`, " +
          '`.vtt`, anywhere in the caller\'s drive). Choosing it (`subtitle: "f<id>"` in the saved position) ' +
          "lists it in this video's next plan too.",
      },
    },
    async (request) => ({
      subtitles: await subtitles.listForOwner(userId(request), request.params.id, request.query.add),
    }),
  );
}
