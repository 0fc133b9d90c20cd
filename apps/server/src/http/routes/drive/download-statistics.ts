import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

/** `GET /drive/v1/statistics/pub/download` (spec §7): public download counts of the app installers. */
export function downloadStatistics(app: NimbusApp, { appDownloads }: Services): void {
  route(
    app,
    endpoints.drive.downloadStatistics,
    { schema: { tags: ["drive"], summary: "Download counts of the app installers" } },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=60");
      return { data: await appDownloads.counts() };
    },
  );
}
