import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

export function reportShare(app: NimbusApp, { shareReports }: Services): void {
  route(
    app,
    endpoints.share.reportShare,
    {
      schema: {
        tags: ["share"],
        summary: "Report abuse in a share (kept for admins)",
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
