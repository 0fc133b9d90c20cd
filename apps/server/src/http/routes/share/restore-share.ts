import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";
import { visitOf } from "./visit.js";

export function restoreShare(app: NimbusApp, { shareRestore, appSaveFolders }: Services): void {
  route(
    app,
    endpoints.share.restoreShare,
    {
      schema: {
        tags: ["share"],
        summary: "Save a share's items (none named: all of it) into my folder",
        description:
          "No bytes are copied: the copies reference the same stored content, keep the folder tree, and are " +
          "charged to my storage quota at once (`file_space_not_enough` saves nothing). Each save counts " +
          "against the share's restore limit. A share whose check is not OK is `share_unavailable` with its " +
          "`share_status` in the details. Small saves are done before the answer (`RESTORE_COMPLETE`); big ones " +
          "answer `RESTORE_START` and run as the `restore` task `restore_task_id` (poll `/drive/v1/tasks/{id}`). " +
          "Another app's save naming no folder lands in the app's or the platform's folder when the user's " +
          "folder settings say so.",
      },
    },
    async (request) => {
      const body = request.body;
      const viewerId = userId(request);
      return shareRestore.restore(
        { ...visitOf(request, body), viewerId },
        body.file_ids,
        body.parent_id,
        (parentId) =>
          appSaveFolders.parentFor(
            viewerId,
            parentId,
            request.principal?.clientId,
            request.headers["user-agent"] ?? "",
          ),
      );
    },
  );
}
