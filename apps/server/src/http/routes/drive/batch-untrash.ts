import { doneBatch } from "../../../modules/files/index.js";
import type { Services } from "../../../services.js";
import type { NimbusApp } from "../../types.js";
import { batchIdsRoute } from "./batch-route.js";

export function batchUntrash(app: NimbusApp, services: Services): void {
  batchIdsRoute(
    app,
    "batchUntrash",
    {
      summary: "Restore items from the trash to where they were",
      description:
        "Each item returns to its original folder; when that folder is gone its path is created " +
        "again by name. A taken name becomes `name (n)`. The restored items are in `files`.",
    },
    async (userId, ids) =>
      doneBatch(await services.files.presentPlain(await services.operations.untrash(userId, ids))),
  );
}
