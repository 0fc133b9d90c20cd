import { endpoints } from "@nimbus/protocol";
import { isoTime } from "../../../lib/clock.js";
import { zipName } from "../../../modules/downloads/zip-service.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

/**
 * `POST /drive/v1/files:download {ids}`: checks the selection and answers a
 * signed link that streams it as one zip (see download-zip.ts).
 */
export function zipLink(app: NimbusApp, { zips, links, clock, config, users }: Services): void {
  route(
    app,
    endpoints.drive.zipLink,
    {
      schema: {
        tags: ["drive"],
        summary: "A signed link streaming several files and folders as one zip",
      },
    },
    async (request) => {
      const user = userId(request);
      const now = clock.now();
      const rows = await zips.selection(user, request.body.ids);
      const holder = { userId: user, generation: await users.sessionGeneration(user) };
      const link = links.signFor("zip", rows.map((row) => row.id).join(","), holder, now);
      return {
        kind: "drive#zipLink" as const,
        name: zipName(rows, now),
        url: `${config.publicUrl}${link.path}`,
        expire: isoTime(link.expiresAt),
      };
    },
  );
}
