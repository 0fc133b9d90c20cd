import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function getTask(app: NimbusApp, { tasks }: Services): void {
  route(
    app,
    endpoints.drive.getTask,
    {
      schema: {
        tags: ["drive"],
        summary: "One task: phase, progress, result",
        description: "Only the task's owner sees it; any other id is `task_not_found`.",
      },
    },
    async (request) => tasks.get(userId(request), request.params.id),
  );
}
