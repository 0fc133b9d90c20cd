import { doneBatch } from "../../../modules/files/index.js";
import type { Services } from "../../../services.js";
import type { NimbusApp } from "../../types.js";
import { batchIdsRoute } from "./batch-route.js";

export function starFiles(app: NimbusApp, services: Services): void {
  batchIdsRoute(
    app,
    "star",
    { summary: "Star items", description: 'List them with `filters={"starred":{"eq":true}}&parent_id=*`.' },
    async (userId, ids) => {
      await services.operations.star(userId, ids, true);
      return doneBatch();
    },
  );
}
