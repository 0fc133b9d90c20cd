import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

/** `GET /admin/v1/dashboard`: users, storage and dedup, jobs and tasks by state, recent errors. */
export function adminDashboard(app: NimbusApp, { dashboard }: Services): void {
  route(
    app,
    endpoints.admin.dashboard,
    { schema: { tags: ["admin"], summary: "The server at a glance (admins)" } },
    async () => dashboard.figures(),
  );
}
