import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";
import { adminActor } from "../admin/admin-actor.js";

/** `POST /audit/v1/share/reports:dismiss`: close open abuse reports without blocking anything. */
export function dismissReports(app: NimbusApp, { audit, adminLog }: Services): void {
  route(
    app,
    endpoints.audit.dismissReports,
    {
      schema: {
        tags: ["audit"],
        summary: "Dismiss open abuse reports: the share was fine (admins)",
        description:
          "Reports already acted on or dismissed are left as they are. Answers how many were dismissed; " +
          "each is written to the admin log.",
      },
    },
    async (request) => {
      const dismissed = await audit.dismissReports(userId(request), request.body.ids);
      for (const id of dismissed) {
        await adminLog.record({ ...adminActor(request), action: "moderation.dismiss", target: id });
      }
      return { dismissed: dismissed.length };
    },
  );
}
