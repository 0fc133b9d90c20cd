import { endpoints } from "@nimbus/protocol";
import { isoTime } from "../../../lib/clock.js";
import { keysetPage, readIdPageToken } from "../../../lib/page-token.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { grantsBody } from "../vip/grants-body.js";

export function listCodeBatches(app: NimbusApp, { activationCodes }: Services): void {
  route(
    app,
    endpoints.rewards.listCodeBatches,
    { schema: { tags: ["admin"], summary: "Activation code batches, newest first, paged (admins)" } },
    async (request) => {
      const { limit, page_token } = request.query;
      const rows = await activationCodes.listBatches(
        limit + 1,
        page_token ? readIdPageToken(page_token) : undefined,
      );
      const page = keysetPage(rows, limit, (last) => last.batchId);
      return {
        batches: page.rows.map((b) => ({
          batch_id: b.batchId,
          note: b.note,
          grants: grantsBody(b.grants),
          code_count: b.codeCount,
          redeemed_count: b.redeemedCount,
          expires_time: b.expiresAt === null ? null : isoTime(b.expiresAt),
          created_time: isoTime(b.createdAt),
          revoked_time: b.revokedAt === null ? null : isoTime(b.revokedAt),
        })),
        next_page_token: page.nextPageToken,
      };
    },
  );
}
