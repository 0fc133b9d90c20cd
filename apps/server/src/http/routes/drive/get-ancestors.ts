import { ancestorsSchema, NimbusError } from "@nimbus/protocol";
import { z } from "zod";
import { ancestry } from "../../../modules/files/tree.js";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

/** `GET /drive/v1/files/{id}/ancestors`: the path from the root down to an item, in one query. */
export function getAncestors(app: NimbusApp, { auth, database }: Services): void {
  app.get(
    "/drive/v1/files/:id/ancestors",
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["drive"],
        summary: "The folders from the root down to a file or folder (breadcrumbs)",
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: ancestorsSchema },
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
