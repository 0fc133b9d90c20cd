import { doneBatch } from "../../../modules/files/index.js";
import type { Services } from "../../../services.js";
import type { NimbusApp } from "../../types.js";
import { batchIdsRoute } from "./batch-route.js";

export function batchDelete(app: NimbusApp, services: Services): void {
  batchIdsRoute(
    app,
    "batchDelete",
    {
      summary: "Delete items for good",
      description:
        "Deletes the items and everything inside them, live or trashed, releases their storage " +
        "and their references to stored bytes (which garbage collection removes later).",
    },
    async (userId, ids) => {
      await services.operations.delete(userId, ids);
      return doneBatch();
    },
  );
}
