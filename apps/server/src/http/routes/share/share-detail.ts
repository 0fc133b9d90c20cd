import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { SHARE_STATUS_NOTE, visitOf } from "./visit.js";

export function shareDetail(app: NimbusApp, { shareVisits }: Services): void {
  route(
    app,
    endpoints.share.shareDetail,
    {
      schema: {
        tags: ["share"],
        summary: "A folder inside a share, with its path from the shared item (`ancestors`)",
        description: `${SHARE_STATUS_NOTE} A \`parent_id\` outside the shared tree is \`file_not_found\`.`,
      },
    },
    async (request) => {
      const q = request.query;
      return shareVisits.open(visitOf(request, q), {
        parentId: q.parent_id,
        limit: q.limit,
        pageToken: q.page_token,
        thumbnailSize: q.thumbnail_size,
      });
    },
  );
}
