import { readFile } from "node:fs/promises";
import { endpoints } from "@nimbus/protocol";
import { parseSubtitleId } from "../../../modules/playback/subtitles.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

/**
 * One subtitle as WebVTT behind a signed link (`PlaybackSubtitle.url`): the holder is checked
 * again (signed out everywhere, the share withdrawn: `link_expired`), and the bytes count as
 * the holder's download traffic, or an anonymous share visitor's address's allowance.
 */
export function subtitleWebVtt(
  app: NimbusApp,
  { links, clock, linkChecks, files, subtitles, traffic, anonymousTraffic }: Services,
): void {
  route(
    app,
    endpoints.playback.subtitle,
    {
      schema: {
        tags: ["playback"],
        summary: "A subtitle as WebVTT through a signed link (from a plan's subtitles[].url)",
      },
    },
    async (request, reply) => {
      const { fileId, subtitleId } = request.params;
      const holder = links.verify("subtitle", `${fileId}/${subtitleId}`, request.query, clock.now());
      const parsed = parseSubtitleId(subtitleId);
      await linkChecks.assertLive(holder, parsed && "fileId" in parsed ? [fileId, parsed.fileId] : [fileId]);
      const { file } = await files.openDownload(fileId);
      const vtt = await subtitles.webVtt(file, subtitleId);
      reply
        .header("etag", vtt.etag)
        .header("cache-control", "private, max-age=3600")
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "sandbox; default-src 'none'")
        .type("text/vtt; charset=utf-8");
      if (request.headers["if-none-match"] === vtt.etag) return reply.code(304).send();
      reply.header("content-length", vtt.size);
      if (request.method === "HEAD") return reply.send();
      const body = await readFile(vtt.path);
      const reservation = holder.userId
        ? await traffic.reserve(holder.userId, body.length)
        : await anonymousTraffic.reserve(request.ip, body.length);
      await reservation.settle(body.length);
      return reply.send(body);
    },
  );
}
