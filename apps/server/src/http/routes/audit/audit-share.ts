import { auditShareRequestSchema, auditShareResponseSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";
import { requireAdmin } from "./require-admin.js";

export function auditShare(app: NimbusApp, { auth, admins, audit }: Services): void {
  app.post(
    "/audit/v1/share",
    {
      onRequest: requireAdmin(auth, admins),
      schema: {
        tags: ["audit"],
        summary: "Block content by GCID in every share that holds it (admins)",
        description:
          "`gcids`, plus the GCIDs of `file_ids` of `share_user_id` (folders: everything inside). Every share " +
          "whose live tree holds one answers `verdict` (PROHIBITED by default, or SENSITIVE_RESOURCE), shares " +
          "made later included. Answers the GCIDs blocked and the live shares holding them.",
        body: auditShareRequestSchema,
        response: { 200: auditShareResponseSchema },
      },
    },
    async (request) => {
      const body = request.body;
      return audit.blockContent(userId(request), {
        shareUserId: body.share_user_id,
        gcids: body.gcids,
        fileIds: body.file_ids,
        verdict: body.verdict,
      });
    },
  );
}
