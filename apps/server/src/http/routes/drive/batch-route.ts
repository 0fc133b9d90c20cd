import { type BatchResult, endpoints } from "@nimbus/protocol";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

/** The shape shared by `files:batchTrash`-style calls: `{ids}` in, `{task_id}` out. */
export function batchIdsRoute(
  app: NimbusApp,
  action: "batchTrash" | "batchUntrash" | "batchDelete" | "star" | "unstar",
  docs: { summary: string; description: string },
  run: (userId: string, ids: string[]) => Promise<BatchResult>,
): void {
  route(
    app,
    endpoints.drive[action],
    {
      schema: {
        tags: ["drive"],
        ...docs,
      },
    },
    async (request) => run(userId(request), request.body.ids),
  );
}
