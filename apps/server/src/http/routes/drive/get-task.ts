import { taskSchema } from "@nimbus/protocol";
import { z } from "zod";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function getTask(app: NimbusApp, { auth, tasks }: Services): void {
  app.get(
    "/drive/v1/tasks/:id",
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["drive"],
        summary: "One task: phase, progress, result",
        description: "Only the task's owner sees it; any other id is `task_not_found`.",
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: taskSchema },
      },
    },
    async (request) => tasks.get(userId(request), request.params.id),
  );
}
