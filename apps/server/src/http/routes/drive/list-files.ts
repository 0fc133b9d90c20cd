import { fileListSchema, listFilesQuerySchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function listFiles(app: NimbusApp, { auth, files }: Services): void {
  app.get(
    "/drive/v1/files",
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["drive"],
        summary: "List the children of a folder ('' is the root), a page at a time",
        querystring: listFilesQuerySchema,
        response: { 200: fileListSchema },
      },
    },
    async (request) => {
      const q = request.query;
      return files.list(userId(request), {
        parentId: q.parent_id,
        limit: q.limit,
        pageToken: q.page_token,
        filters: q.filters,
      });
    },
  );
}
