import { endpoints, NimbusError } from "@nimbus/protocol";
import { zipSize, zipStream } from "../../../modules/downloads/zip-writer.js";
import type { Services } from "../../../services.js";
import { contentDisposition } from "../../content-disposition.js";
import { route } from "../../endpoint-route.js";
import { sendMetered } from "../../serve-file.js";
import type { NimbusApp } from "../../types.js";

/**
 * Streams a zip behind a signed link from `POST /drive/v1/files:download`:
 * built on the fly with no temporary file, its exact length known up front,
 * charged to the link's user like any download.
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
      const length = zipSize(plan.entries);
      const sending = request.method !== "HEAD";
      const reservation = sending ? await traffic.reserve(userId, length) : undefined;
      reply
        .header("content-disposition", contentDisposition("attachment", plan.name))
        .header("content-length", length)
        .header("cache-control", "private, no-store")
        .header("x-content-type-options", "nosniff")
        .type("application/zip");
      if (!reservation) return reply.send();
      return sendMetered(request, reply, zipStream(plan.entries), length, reservation);
    },
  );
}
