import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function listTasks(app: NimbusApp, { tasks }: Services): void {
  route(
    app,
    endpoints.drive.listTasks,
    {
      schema: {
        tags: ["drive"],
        summary: "The caller's tasks, newest first",
        description:
          '`type` (copy, offline, decompress, …) and `filters={"phase":{"in":["PHASE_TYPE_RUNNING"]}}` ' +
          "(`eq` or `in`; `in` also takes a comma-separated string) narrow the list.",
      },
    },
    async (request) => {
      const q = request.query;
      return tasks.list(userId(request), {
        type: q.type,
        filters: q.filters,
        limit: q.limit,
        pageToken: q.page_token,
      });
    },
  );
}
