import { endpoints, NimbusError } from "@nimbus/protocol";
import { zipEtag } from "../../../modules/downloads/zip-service.js";
import { zipSize, zipStream } from "../../../modules/downloads/zip-writer.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { serveFile } from "../../serve-file.js";
import type { NimbusApp } from "../../types.js";

/**
 * Streams a zip behind a signed link from `POST /drive/v1/files:download`:
 * built on the fly with no temporary file, its exact length known up front,
 * charged to the link's user like any download. Its layout is fixed by the
 * database and its bytes by the blobs, so it answers an ETag, `Range` (206),
 * `If-Range` and the other conditionals like a stored file: a cut zip resumes
 * (`wget -c`, segmented downloaders) instead of starting again (decision 0066).
 */
export function downloadZip(app: NimbusApp, { zips, links, clock, traffic, linkChecks }: Services): void {
  route(
    app,
    endpoints.drive.downloadZip,
    {
      schema: {
        tags: ["drive"],
        summary: "Download several files and folders as one zip (signed link)",
      },
    },
    async (request, reply) => {
      const { ids } = request.query;
      const holder = links.verify("zip", ids, request.query, clock.now());
      // Zip links are made for a user's own drive only.
      if (!holder.userId || holder.shareId) throw new NimbusError("link_expired", "not a drive link");
      await linkChecks.assertLive(holder, []);
      const { userId } = holder;
      const plan = await zips.plan(userId, ids.split(","), clock.now());
      const onCrc = zips.rememberCrc.bind(zips);
      return serveFile(
        request,
        reply,
        {
          name: plan.name,
          size: zipSize(plan.entries),
          mimeType: "application/zip",
          etag: zipEtag(plan.entries),
          lastModified: plan.entries.reduce((newest, entry) => Math.max(newest, entry.modifiedAt), 0),
          open: (range) => zipStream(plan.entries, { range, onCrc }),
        },
        {
          charge: (bytes) => traffic.reserve(userId, bytes),
          inline: false,
          cacheControl: "private, no-store",
        },
      );
    },
  );
}
