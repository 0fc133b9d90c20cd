import { endpoints, NimbusError } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

/** HLS made on demand behind a signed path: master and variant playlists, the init segment, media segments. */
export function hlsStream(app: NimbusApp, { links, clock, linkChecks }: Services): void {
  route(
    app,
    endpoints.playback.hls,
    {
      schema: {
        tags: ["playback"],
        summary: "An HLS playlist or segment of a playback plan (signed link)",
      },
    },
    async (request) => {
      const { fileId, profile, token } = request.params;
      const holder = links.verifyPath("hls", `${fileId}/${profile}`, token, clock.now());
      await linkChecks.assertLive(holder, [fileId]);
      throw new NimbusError("unimplemented", "HLS streams are being built");
    },
  );
}
