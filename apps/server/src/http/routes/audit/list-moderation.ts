import { auditListQuerySchema, reviewShareListSchema, shareReportListSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import type { NimbusApp } from "../../types.js";
import { requireAdmin } from "./require-admin.js";

/** `GET /audit/v1/share/reviews` (the review queue) and `/audit/v1/share/reports` (abuse reports). */
export function listModeration(app: NimbusApp, { auth, admins, audit }: Services): void {
  app.get(
    "/audit/v1/share/reviews",
    {
      onRequest: requireAdmin(auth, admins),
      schema: {
        tags: ["audit"],
        summary: "Shares waiting for review, oldest first (admins)",
        querystring: auditListQuerySchema,
        response: { 200: reviewShareListSchema },
      },
    },
    async (request) => audit.pendingReviews(request.query.limit, request.query.page_token),
  );
  app.get(
    "/audit/v1/share/reports",
    {
      onRequest: requireAdmin(auth, admins),
      schema: {
        tags: ["audit"],
        summary: "Abuse reports, newest first (admins)",
        querystring: auditListQuerySchema,
        response: { 200: shareReportListSchema },
      },
    },
    async (request) => audit.reports(request.query.limit, request.query.page_token),
  );
}
