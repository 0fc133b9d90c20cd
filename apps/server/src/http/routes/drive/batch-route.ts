import { type BatchResult, batchIdsRequestSchema, batchResultSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

/** The shape shared by `files:batchTrash`-style calls: `{ids}` in, `{task_id}` out. */
export function batchIdsRoute(
  app: NimbusApp,
  { auth }: Services,
  action: string,
  docs: { summary: string; description: string },
  run: (userId: string, ids: string[]) => Promise<BatchResult>,
): void {
  app.post(
    // "::" is a literal ":" in a Fastify path.
    `/drive/v1/files::${action}`,
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["drive"],
        ...docs,
        body: batchIdsRequestSchema,
        response: { 200: batchResultSchema },
      },
    },
    async (request) => run(userId(request), request.body.ids),
  );
}
