import { doneBatch } from "../../../modules/files/index.js";
import type { Services } from "../../../services.js";
import type { NimbusApp } from "../../types.js";
import { batchIdsRoute } from "./batch-route.js";

export function unstarFiles(app: NimbusApp, services: Services): void {
  batchIdsRoute(
    app,
    "unstar",
    { summary: "Unstar items", description: "The reverse of `files:star`." },
    async (userId, ids) => {
      await services.operations.star(userId, ids, false);
      return doneBatch();
    },
  );
}
