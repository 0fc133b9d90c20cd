import { endpoints } from "@nimbus/protocol";
import { presentSession } from "../../../modules/auth/session-presenter.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { principalOf } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

/** The signed-in user's active sessions and devices, most recently used first. */
export function listSessions(app: NimbusApp, { auth, clients }: Services): void {
  route(
    app,
    endpoints.auth.listSessions,
    {
      schema: {
        tags: ["auth"],
        summary: "Active sessions: client, device, IP, user agent, created and last used, current",
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const rows = await auth.listSessions(principal.userId);
      return { sessions: rows.map((row) => presentSession(row, clients, principal.familyId)) };
    },
  );
}
