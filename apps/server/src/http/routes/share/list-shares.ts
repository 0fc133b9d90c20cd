import { listSharesQuerySchema, shareListSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function listShares(app: NimbusApp, { auth, shares }: Services): void {
  app.get(
    "/drive/v1/share/list",
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["share"],
        summary: "My shares, newest first, with view, save and download counts",
        querystring: listSharesQuerySchema,
        response: { 200: shareListSchema },
      },
    },
    async (request) =>
      shares.list(userId(request), { limit: request.query.limit, pageToken: request.query.page_token }),
  );
}
