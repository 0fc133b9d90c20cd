import { batchMoveRequestSchema, batchResultSchema } from "@nimbus/protocol";
import { COPY_INLINE_MAX_ITEMS, doneBatch } from "../../../modules/files/file-operations.js";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function batchCopy(app: NimbusApp, { auth, files, operations }: Services): void {
  app.post(
    "/drive/v1/files::batchCopy",
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["drive"],
        summary: "Copy items (and folders' content) into a folder",
        description:
          "No bytes are copied: copies reference the same stored content, and the copied size is " +
          "charged to the storage quota at once (`file_space_not_enough` when it does not fit). " +
          `Up to ${COPY_INLINE_MAX_ITEMS} items in all are copied before answering, with the copies in ` +
          "`files`; more run as a `drive#task` of type `copy` whose id is `task_id`. Files still " +
          "uploading inside a folder are left out. Copying a folder into itself is `file_copy_into_itself`.",
        body: batchMoveRequestSchema,
        response: { 200: batchResultSchema },
      },
    },
    async (request) => {
      const { ids, to } = request.body;
      const result = await operations.copy(userId(request), ids, to.parent_id);
      if (result.taskId) return { task_id: result.taskId };
      return doneBatch((result.rows ?? []).map((row) => files.present(row)));
    },
  );
}
