import { doneBatch } from "../../../modules/files/index.js";
import type { Services } from "../../../services.js";
import type { NimbusApp } from "../../types.js";
import { batchIdsRoute } from "./batch-route.js";

export function batchTrash(app: NimbusApp, services: Services): void {
  batchIdsRoute(
    app,
    "batchTrash",
    {
      summary: "Move items to the trash",
      description:
        "What is inside a trashed folder goes with it. Storage usage is unchanged (the trash counts). " +
        "Items already in the trash are skipped; unknown or others' ids are `file_not_found`.",
    },
    async (userId, ids) => {
      await services.operations.trash(userId, ids);
      return doneBatch();
    },
  );
}
