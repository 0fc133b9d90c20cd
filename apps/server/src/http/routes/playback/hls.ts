import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { endpoints, NimbusError } from "@nimbus/protocol";
import { parseHlsName } from "../../../modules/playback/hls-service.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { serveFile } from "../../serve-file.js";
import type { NimbusApp } from "../../types.js";

const PLAYLIST_TYPE = "application/vnd.apple.mpegurl";

/**
 * HLS made on demand behind a signed path (decision 0060): `master.m3u8`, `main.m3u8` (every
 * segment listed up front), `init.mp4` and `N.m4s`. The link is checked like a download's on
 * every request; segments count as the holder's download traffic (an anonymous share
 * visitor's address allowance), playlists are free.
 */
export function hlsStream(app: NimbusApp, { hls, traffic, anonymousTraffic }: Services): void {
  route(
    app,
    endpoints.playback.hls,
    {
      schema: {
        tags: ["playback"],
        summary: "An HLS playlist or segment of a playback plan (signed link)",
        description:
          "The path carries its own proof (`token`), so the playlists list plain relative names. A segment " +
          "far from what ffmpeg is making restarts it there; the server's and the viewer's transcode limits " +
          "answer `playback_server_busy` and `playback_user_limit`.",
      },
    },
    async (request, reply) => {
      const { fileId, profile, token, name } = request.params;
      const wanted = parseHlsName(name);
      const target = await hls.resolve(fileId, profile, token);
      if (!wanted) throw new NimbusError("not_found", "no such HLS resource");
      reply.header("cache-control", "private, max-age=3600");
      if (wanted.kind === "master" || wanted.kind === "variant") {
        const text = wanted.kind === "master" ? hls.master(target) : await hls.variant(target);
        return reply.type(PLAYLIST_TYPE).send(text);
      }
      const { userId } = target.holder;
      const viewer = userId || `ip:${request.ip}`;
      const file = await hls.segment(target, wanted.kind === "init" ? -1 : wanted.index, viewer);
      // Evicted between being made and being sent (a full cache): the player asks again.
      const size = await stat(file).then(
        (s) => s.size,
        () => {
          throw new NimbusError("not_found", "the segment was evicted");
        },
      );
      return serveFile(
        request,
        reply,
        {
          name,
          size,
          mimeType: "video/mp4",
          etag: `"${target.gcid}-${profile}-${name}"`,
          lastModified: target.modifiedAt,
          open: async (range) => createReadStream(file, range ? { start: range.start, end: range.end } : {}),
        },
        {
          charge: (bytes) =>
            userId ? traffic.reserve(userId, bytes) : anonymousTraffic.reserve(request.ip, bytes),
          inline: true,
          cacheControl: "private, max-age=3600",
        },
      );
    },
  );
}
