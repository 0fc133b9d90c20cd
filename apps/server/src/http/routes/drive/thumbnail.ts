import { NimbusError, THUMBNAIL_SIZES } from "@nimbus/protocol";
import { z } from "zod";
import type { Services } from "../../../services.js";
import { serveFile } from "../../serve-file.js";
import type { NimbusApp } from "../../types.js";
import { signedLinkQuery } from "./download.js";

/**
 * A file's thumbnail behind a signed link (a file's `thumbnail_link`). Not
 * counted as download traffic; cacheable for as long as the link lives.
 */
export function thumbnail(app: NimbusApp, { files, links, clock, previews, blobs }: Services): void {
  app.route({
    method: ["GET", "HEAD"],
    url: "/drive/v1/thumbnails/:fileId/:size",
    schema: {
      tags: ["drive"],
      summary: "A file's thumbnail through a signed link (from a file's thumbnail_link)",
      params: z.object({ fileId: z.string().min(1).max(64), size: z.enum(THUMBNAIL_SIZES) }),
      querystring: signedLinkQuery,
    },
    handler: async (request, reply) => {
      const { fileId, size } = request.params;
      links.verify("thumbnail", `${fileId}/${size}`, request.query, clock.now());
      const { file } = await files.openDownload(fileId);
      const thumb = file.blob_gcid ? await previews.thumbnail(file.blob_gcid, size) : undefined;
      if (!thumb) throw new NimbusError("file_not_found", "no thumbnail of that size");
      const dot = file.name.lastIndexOf(".");
      return serveFile(
        request,
        reply,
        {
          name: `${dot > 0 ? file.name.slice(0, dot) : file.name}.webp`,
          size: thumb.bytes,
          mimeType: thumb.mime_type,
          etag: `"${thumb.thumbnail_gcid}"`,
          lastModified: thumb.created_at,
          open: (range) => blobs.get(thumb.thumbnail_gcid, range),
        },
        { inline: true, cacheControl: "private, max-age=86400, immutable" },
      );
    },
  });
}
