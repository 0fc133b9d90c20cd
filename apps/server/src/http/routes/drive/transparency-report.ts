import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

/** `GET /drive/v1/statistics/pub/transparency`: the transparency report's aggregated figures of one period. */
export function transparencyReport(app: NimbusApp, { transparency }: Services): void {
  route(
    app,
    endpoints.drive.transparencyReport,
    {
      schema: {
        tags: ["drive"],
        summary: "Moderation figures of a year, or of all time (public, aggregated)",
        description:
          "Reports received and acted on by reason, shares blocked, contents blocked by GCID, accounts " +
          "actioned and the median time from a report to the action, read from the stored moderation data.",
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "public, max-age=60");
      return transparency.report(request.query.year);
    },
  );
}
