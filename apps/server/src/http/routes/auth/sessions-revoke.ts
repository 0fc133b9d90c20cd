import { endpoints, NimbusError } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { principalOf } from "../../plugins/authenticate.js";
import { clearSessionCookie } from "../../plugins/web-session.js";
import type { NimbusApp } from "../../types.js";

/** Ends one of the user's sessions (e.g. a lost phone); ending the current one signs out here. */
export function revokeSession(app: NimbusApp, { auth }: Services): void {
  route(
    app,
    endpoints.auth.revokeSession,
    {
      schema: {
        tags: ["auth"],
        summary: "End one session of the signed-in user (`not_found` when it is not theirs or not live)",
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      if (!(await auth.revokeFamily(principal.userId, request.params.id))) {
        throw new NimbusError("not_found", "no such live session", { metadata: { field: "id" } });
      }
      if (request.params.id === principal.familyId && principal.via === "cookie")
        clearSessionCookie(request, reply);
      return {};
    },
  );
}
