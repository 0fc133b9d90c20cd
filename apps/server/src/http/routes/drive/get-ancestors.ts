import { endpoints, NimbusError } from "@nimbus/protocol";
import { ancestry } from "../../../modules/files/index.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

/** `GET /drive/v1/files/{id}/ancestors`: the path from the root down to an item, in one query. */
export function getAncestors(app: NimbusApp, { database }: Services): void {
  route(
    app,
    endpoints.drive.getAncestors,
    {
      schema: {
        tags: ["drive"],
        summary: "The folders from the root down to a file or folder (breadcrumbs)",
      },
    },
    async (request) => {
      const rows = await ancestry(database.db, userId(request), request.params.id);
      if (rows.length === 0) throw new NimbusError("file_not_found");
      return {
        kind: "drive#ancestors" as const,
        ancestors: rows.reverse().map(({ id, name, parent_id }) => ({ id, name, parent_id })),
      };
    },
  );
}
