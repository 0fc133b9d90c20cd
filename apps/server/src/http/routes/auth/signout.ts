import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { principalOf } from "../../plugins/authenticate.js";
import { clearSessionCookie } from "../../plugins/web-session.js";
import type { NimbusApp } from "../../types.js";

/** Ends the caller's own session (cookie or bearer), or with `?all=true` every session of the user. */
export function signout(app: NimbusApp, { auth }: Services): void {
  route(
    app,
    endpoints.auth.signout,
    {
      schema: {
        tags: ["auth"],
        summary: "Sign out of this session, or everywhere with ?all=true",
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const revoked =
        request.query.all === "true"
          ? await auth.revokeAllSessions(principal.userId)
          : Number(await auth.revokeFamily(principal.userId, principal.familyId));
      clearSessionCookie(request, reply);
      return { revoked };
    },
  );
}
