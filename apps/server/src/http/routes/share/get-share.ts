import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { SHARE_STATUS_NOTE, visitOf } from "./visit.js";

export function getShare(app: NimbusApp, { shareVisits }: Services): void {
  route(
    app,
    endpoints.share.getShare,
    {
      schema: {
        tags: ["share"],
        summary: "Open a share: status, sharer, title and its top level (or `parent_id`, a folder inside it)",
        description:
          `${SHARE_STATUS_NOTE} A correct \`pass_code\` answers a \`pass_code_token\` (valid 12 hours, for this ` +
          "share only) to send instead from then on; wrong passcodes are limited per share and client, then " +
          "`captcha_required`. Files carry no links: ask `/drive/v1/share/file_info`.",
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
