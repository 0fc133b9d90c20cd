import { endpoints } from "@nimbus/protocol";
import { offloadUri } from "../../../modules/downloads/offload.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { serveFile } from "../../serve-file.js";
import type { NimbusApp } from "../../types.js";

/**
 * Serves a file's bytes behind a signed link (a file's `web_content_link`, or
 * its `medias[].link` with `disposition=inline`): no cookie or token needed.
 * Range, conditional requests, RFC 6266 names and the inline policy are in
 * `serveFile`. The link's holder is checked again (`LinkChecks`); the bytes count
 * against the traffic of the user the link was made for, or for an anonymous
 * share visitor against their address's allowance. With DOWNLOAD_OFFLOAD=x-accel,
 * nginx sends the bytes once all of that passed (`offloadUri`).
 */
export function download(
  app: NimbusApp,
  { files, links, clock, traffic, linkChecks, anonymousTraffic, blobs, config }: Services,
): void {
  route(
    app,
    endpoints.drive.download,
    {
      schema: {
        tags: ["drive"],
        summary: "Download through a signed link (from a file's web_content_link)",
      },
    },
    async (request, reply) => {
      const { fileId } = request.params;
      const holder = links.verify("download", fileId, request.query, clock.now());
      await linkChecks.assertLive(holder, [fileId]);
      const { file, open } = await files.openDownload(fileId);
      const { userId } = holder;
      const gcid = file.blob_gcid;
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
          offload: offloadUri(config, blobs, gcid),
          // S3_PRESIGNED_DOWNLOADS: a 302 to the object, the bytes bypass this node.
          ...(blobs.downloadUrl &&
            gcid && {
              redirect: (response) => blobs.downloadUrl?.(gcid, response) ?? Promise.resolve(undefined),
            }),
        },
        {
          charge: (bytes) =>
            userId ? traffic.reserve(userId, bytes) : anonymousTraffic.reserve(request.ip, bytes),
          inline: request.query.disposition === "inline",
        },
      );
    },
  );
}
