import { deleteSharesRequestSchema, emptyResponseSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function deleteShares(app: NimbusApp, { auth, shares }: Services): void {
  app.post(
    // "::" is a literal ":" in a Fastify path.
    "/drive/v1/share::batchDelete",
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["share"],
        summary: "Cancel my shares",
        description:
          "Their links answer `DELETED` from now on; copies others saved stay theirs. Others' ids are ignored.",
        body: deleteSharesRequestSchema,
        response: { 200: emptyResponseSchema },
      },
    },
    async (request) => {
      await shares.cancel(userId(request), request.body.ids);
      return {};
    },
  );
}
