import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function deleteTasks(app: NimbusApp, { tasks, offline }: Services): void {
  route(
    app,
    endpoints.drive.deleteTasks,
    {
      schema: {
        tags: ["drive"],
        summary: "Delete task records",
        description:
          "`task_ids` comma-separated or repeated. Removes the records (others' ids are ignored); " +
          "a copy not yet started is then skipped. Files a task made stay, unless `delete_files=true`: " +
          "then a cloud download's result goes to the trash. A running cloud download stops and its temporary data is removed.",
      },
    },
    async (request) => {
      const raw = request.query.task_ids;
      const ids = (Array.isArray(raw) ? raw : [raw])
        .flatMap((value) => value.split(","))
        .map((id) => id.trim())
        .filter((id) => id.length > 0)
        .slice(0, 1000);
      await offline.beforeDelete(userId(request), ids, request.query.delete_files ?? false);
      return { deleted: await tasks.delete(userId(request), ids) };
    },
  );
}
