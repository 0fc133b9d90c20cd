import { z } from "zod";
import type { Services } from "../../../services.js";
import { serveFile } from "../../serve-file.js";
import type { NimbusApp } from "../../types.js";

export const signedLinkQuery = z.object({
  u: z.string().max(64).optional(),
  expires: z.string().max(20).optional(),
  sig: z.string().max(128).optional(),
});

/**
 * Serves a file's bytes behind a signed link (a file's `web_content_link`, or
 * its `medias[].link` with `disposition=inline`): no cookie or token needed.
 * Range, conditional requests, RFC 6266 names and the inline policy are in
 * `serveFile`; the bytes count against the traffic of the user the link was
 * made for.
 */
export function download(app: NimbusApp, { files, links, clock, traffic }: Services): void {
  app.route({
    method: ["GET", "HEAD"],
    url: "/drive/v1/download/:fileId",
    schema: {
      tags: ["drive"],
      summary: "Download through a signed link (from a file's web_content_link)",
      params: z.object({ fileId: z.string().min(1).max(64) }),
      querystring: signedLinkQuery.extend({
        disposition: z.enum(["inline", "attachment"]).optional(),
      }),
    },
    handler: async (request, reply) => {
      const { fileId } = request.params;
      const userId = links.verify("download", fileId, request.query, clock.now());
      const { file, open } = await files.openDownload(fileId);
      return serveFile(
        request,
        reply,
        {
          name: file.name,
          size: file.size,
          mimeType: file.mime_type,
          etag: `"${file.blob_gcid}"`,
          lastModified: file.modified_at,
          open,
        },
        { charge: { userId, traffic }, inline: request.query.disposition === "inline" },
      );
    },
  });
}
