import { z } from "zod";
import type { Services } from "../../../services.js";
import { requireUser } from "../../plugins/authenticate.js";
import { clearSessionCookie } from "../../plugins/web-session.js";
import type { NimbusApp } from "../../types.js";

/** Ends the caller's own session (the web app's cookie session or a bearer token's). */
export function signout(app: NimbusApp, { auth }: Services): void {
  app.post(
    "/v1/auth/signout",
    {
      onRequest: requireUser(auth),
      schema: { tags: ["auth"], summary: "Sign out of this session", response: { 200: z.object({}) } },
    },
    async (request, reply) => {
      if (request.principal) await auth.revokeSession(request.principal.sessionId);
      clearSessionCookie(request, reply);
      return {};
    },
  );
}
