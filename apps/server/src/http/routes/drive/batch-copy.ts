import { endpoints } from "@nimbus/protocol";
import { COPY_INLINE_MAX_ITEMS, doneBatch } from "../../../modules/files/index.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function batchCopy(app: NimbusApp, { files, operations }: Services): void {
  route(
    app,
    endpoints.drive.batchCopy,
    {
      schema: {
        tags: ["drive"],
        summary: "Copy items (and folders' content) into a folder",
        description:
          "No bytes are copied: copies reference the same stored content, and the copied size is " +
          "charged to the storage quota at once (`file_space_not_enough` when it does not fit). " +
          `Up to ${COPY_INLINE_MAX_ITEMS} items in all are copied before answering, with the copies in ` +
          "`files`; more run as a `drive#task` of type `copy` whose id is `task_id`. Files still " +
          "uploading inside a folder are left out. Copying a folder into itself is `file_copy_into_itself`.",
      },
    },
    async (request) => {
      const { ids, to } = request.body;
      const result = await operations.copy(userId(request), ids, to.parent_id);
      if (result.taskId) return { task_id: result.taskId };
      return doneBatch(await files.presentPlain(result.rows ?? []));
    },
  );
}
