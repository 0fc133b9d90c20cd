import { batchMoveRequestSchema, batchResultSchema } from "@nimbus/protocol";
import { doneBatch } from "../../../modules/files/file-operations.js";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function batchMove(app: NimbusApp, { auth, files, operations }: Services): void {
  app.post(
    "/drive/v1/files::batchMove",
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["drive"],
        summary: "Move items into a folder",
        description:
          "`to.parent_id` '' is the root. A taken name becomes `name (n)`. Moving a folder into itself " +
          "or below itself is `file_move_into_itself`; trashed items are `file_in_trash`. The moved " +
          "items are in `files`.",
        body: batchMoveRequestSchema,
        response: { 200: batchResultSchema },
      },
    },
    async (request) => {
      const { ids, to } = request.body;
      const rows = await operations.move(userId(request), ids, to.parent_id);
      return doneBatch(rows.map((row) => files.present(row)));
    },
  );
}
