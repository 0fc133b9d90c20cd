import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

/** `GET /admin/v1/feedback`: the feedback inbox, newest first, paged, optionally by status. */
export function adminListFeedback(app: NimbusApp, { feedback }: Services): void {
  route(
    app,
    endpoints.admin.listFeedback,
    { schema: { tags: ["admin"], summary: "The feedback inbox (admins)" } },
    async (request) => feedback.listAll(request.query),
  );
}
