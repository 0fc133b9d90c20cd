import { endpoints } from "@nimbus/protocol";
import { isoTime } from "../../../lib/clock.js";
import { keysetPage, readIdPageToken } from "../../../lib/page-token.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

function detailOf(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** `GET /admin/v1/actions`: the admin log (who, what, when, from where), newest first, read-only. */
export function listAdminActions(app: NimbusApp, { adminLog }: Services): void {
  route(
    app,
    endpoints.admin.listActions,
    { schema: { tags: ["admin"], summary: "The admin log, newest first (admins)" } },
    async (request) => {
      const { limit, page_token, action, admin_user_id } = request.query;
      const rows = await adminLog.page({
        action: action || undefined,
        adminId: admin_user_id || undefined,
        beforeId: page_token ? readIdPageToken(page_token) : undefined,
        limit: limit + 1,
      });
      const page = keysetPage(rows, limit, (last) => last.id);
      return {
        data: page.rows.map((row) => ({
          id: row.id,
          admin_user_id: row.admin_user_id,
          admin_email: row.admin_email ?? "",
          action: row.action,
          target: row.target,
          target_email: row.target_email ?? "",
          detail: detailOf(row.detail),
          ip: row.ip,
          create_time: isoTime(Number(row.created_at)),
        })),
        next_page_token: page.nextPageToken,
      };
    },
  );
}
