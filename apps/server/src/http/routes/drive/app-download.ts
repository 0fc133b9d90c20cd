import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

/** `GET /downloads/app/{platform}`: counts the click and redirects (302) to the configured installer. */
export function appDownload(app: NimbusApp, { appDownloads }: Services): void {
  route(
    app,
    endpoints.drive.appDownload,
    { schema: { tags: ["drive"], summary: "Download an app installer (counted redirect)" } },
    async (request, reply) => {
      const url = await appDownloads.click(request.params.platform);
      return reply.header("cache-control", "no-store").redirect(url, 302);
    },
  );
}
