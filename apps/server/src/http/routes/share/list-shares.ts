import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function listShares(app: NimbusApp, { shares }: Services): void {
  route(
    app,
    endpoints.share.listShares,
    {
      schema: {
        tags: ["share"],
        summary: "My shares, newest first, with view, save and download counts",
      },
    },
    async (request) =>
      shares.list(userId(request), { limit: request.query.limit, pageToken: request.query.page_token }),
  );
}
