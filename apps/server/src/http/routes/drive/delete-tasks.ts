import { deleteTasksQuerySchema } from "@nimbus/protocol";
import { z } from "zod";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function deleteTasks(app: NimbusApp, { auth, tasks }: Services): void {
  app.delete(
    "/drive/v1/tasks",
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["drive"],
        summary: "Delete task records",
        description:
          "`task_ids` comma-separated or repeated. Removes the records (others' ids are ignored); " +
          "a copy not yet started is then skipped. Files a task made stay.",
        querystring: deleteTasksQuerySchema,
        response: { 200: z.object({ deleted: z.number().int() }) },
      },
    },
    async (request) => {
      const raw = request.query.task_ids;
      const ids = (Array.isArray(raw) ? raw : [raw])
        .flatMap((value) => value.split(","))
        .map((id) => id.trim())
        .filter((id) => id.length > 0)
        .slice(0, 1000);
      return { deleted: await tasks.delete(userId(request), ids) };
    },
  );
}
