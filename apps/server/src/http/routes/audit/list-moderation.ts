import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

/** `GET /audit/v1/share/reviews` (the review queue) and `/audit/v1/share/reports` (abuse reports). */
export function listModeration(app: NimbusApp, { audit }: Services): void {
  route(
    app,
    endpoints.audit.listReviews,
    {
      schema: {
        tags: ["audit"],
        summary: "Shares waiting for review, oldest first (admins)",
      },
    },
    async (request) => audit.pendingReviews(request.query.limit, request.query.page_token),
  );
  route(
    app,
    endpoints.audit.listReports,
    {
      schema: {
        tags: ["audit"],
        summary: "Abuse reports, newest first (admins)",
      },
    },
    async (request) =>
      audit.reports(request.query.limit, request.query.page_token, request.query.filter === "open"),
  );
}
