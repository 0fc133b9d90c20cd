import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";
import { adminActor } from "../admin/admin-actor.js";

export function auditShare(app: NimbusApp, { audit, adminLog }: Services): void {
  route(
    app,
    endpoints.audit.auditShare,
    {
      schema: {
        tags: ["audit"],
        summary: "Block content by GCID in every share that holds it (admins)",
        description:
          "`gcids`, plus the GCIDs of `file_ids` of `share_user_id` (folders: everything inside). Every share " +
          "whose live tree holds one answers `verdict` (PROHIBITED by default, or SENSITIVE_RESOURCE), shares " +
          "made later included. Answers the GCIDs blocked and the live shares holding them.",
      },
    },
    async (request) => {
      const body = request.body;
      const blocked = await audit.blockContent(userId(request), {
        shareUserId: body.share_user_id,
        gcids: body.gcids,
        fileIds: body.file_ids,
        verdict: body.verdict,
      });
      await adminLog.record({
        ...adminActor(request),
        action: "moderation.block",
        target: blocked.gcids.join(",").slice(0, 2000),
        detail: { verdict: body.verdict, gcids: blocked.gcids, share_ids: blocked.share_ids },
      });
      return blocked;
    },
  );
}
