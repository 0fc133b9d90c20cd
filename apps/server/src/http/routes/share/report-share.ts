import { emptyResponseSchema, reportShareRequestSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { optionalUser } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function reportShare(app: NimbusApp, { auth, shareReports }: Services): void {
  app.post(
    "/drive/v1/share/report",
    {
      onRequest: optionalUser(auth),
      schema: {
        tags: ["share"],
        summary: "Report abuse in a share (kept for admins)",
        body: reportShareRequestSchema,
        response: { 200: emptyResponseSchema },
      },
    },
    async (request) => {
      const body = request.body;
      await shareReports.report({
        shareId: body.share_id,
        reporterId: request.principal?.userId ?? "",
        ip: request.ip,
        reason: body.reason,
        description: body.description,
      });
      return {};
    },
  );
}
