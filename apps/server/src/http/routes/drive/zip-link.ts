import { zipLinkRequestSchema, zipLinkSchema } from "@nimbus/protocol";
import { isoTime } from "../../../lib/clock.js";
import { zipName } from "../../../modules/downloads/zip-service.js";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

/**
 * `POST /drive/v1/files:download {ids}`: checks the selection and answers a
 * signed link that streams it as one zip (see download-zip.ts).
 */
export function zipLink(app: NimbusApp, { auth, zips, links, clock, config }: Services): void {
  app.post(
    "/drive/v1/files::download",
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["drive"],
        summary: "A signed link streaming several files and folders as one zip",
        body: zipLinkRequestSchema,
        response: { 200: zipLinkSchema },
      },
    },
    async (request) => {
      const user = userId(request);
      const now = clock.now();
      const rows = await zips.selection(user, request.body.ids);
      const link = links.signFor("zip", rows.map((row) => row.id).join(","), user, now);
      return {
        kind: "drive#zipLink" as const,
        name: zipName(rows, now),
        url: `${config.publicUrl}${link.path}`,
        expire: isoTime(link.expiresAt),
      };
    },
  );
}
