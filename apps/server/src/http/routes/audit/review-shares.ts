import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { adminActor } from "../admin/admin-actor.js";

/** `POST /audit/v1/share:approve` and `:reject`: decide shares waiting in the review queue. */
export function reviewShares(app: NimbusApp, { audit, adminLog }: Services): void {
  for (const action of ["approve", "reject"] as const) {
    route(
      app,
      action === "approve" ? endpoints.audit.approveShares : endpoints.audit.rejectShares,
      {
        schema: {
          tags: ["audit"],
          summary:
            action === "approve"
              ? "Approve shares waiting for review (admins): their links open"
              : "Reject shares waiting for review (admins): their links answer PROHIBITED",
        },
      },
      async (request) => {
        await audit.decide(request.body.ids, action === "approve");
        for (const id of request.body.ids) {
          await adminLog.record({ ...adminActor(request), action: `moderation.${action}`, target: id });
        }
        return {};
      },
    );
  }
}
