import { endpoints, NimbusError } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { serveFile } from "../../serve-file.js";
import type { NimbusApp } from "../../types.js";

/**
 * A file's thumbnail behind a signed link (a file's `thumbnail_link`). Not
 * counted as download traffic; cacheable for as long as the link lives.
 */
export function thumbnail(
  app: NimbusApp,
  { files, links, clock, previews, blobs, linkChecks }: Services,
): void {
  route(
    app,
    endpoints.drive.thumbnail,
    {
      schema: {
        tags: ["drive"],
        summary: "A file's thumbnail through a signed link (from a file's thumbnail_link)",
      },
    },
    async (request, reply) => {
      const { fileId, size } = request.params;
      const holder = links.verify("thumbnail", `${fileId}/${size}`, request.query, clock.now());
      await linkChecks.assertLive(holder, [fileId]);
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
  );
}
