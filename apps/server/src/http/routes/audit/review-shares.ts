import { emptyResponseSchema, reviewSharesRequestSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import type { NimbusApp } from "../../types.js";
import { requireAdmin } from "./require-admin.js";

/** `POST /audit/v1/share:approve` and `:reject`: decide shares waiting in the review queue. */
export function reviewShares(app: NimbusApp, { auth, admins, audit }: Services): void {
  for (const action of ["approve", "reject"] as const) {
    app.post(
      // "::" is a literal ":" in a Fastify path.
      `/audit/v1/share::${action}`,
      {
        onRequest: requireAdmin(auth, admins),
        schema: {
          tags: ["audit"],
          summary:
            action === "approve"
              ? "Approve shares waiting for review (admins): their links open"
              : "Reject shares waiting for review (admins): their links answer PROHIBITED",
          body: reviewSharesRequestSchema,
          response: { 200: emptyResponseSchema },
        },
      },
      async (request) => {
        await audit.decide(request.body.ids, action === "approve");
        return {};
      },
    );
  }
}
