import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { principalOf } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

/** A signed-in app asks for a one-time code its web page exchanges (the hand-offs of spec §4). */
export function authorize(app: NimbusApp, { authCodes }: Services): void {
  route(
    app,
    endpoints.auth.authorize,
    {
      schema: {
        tags: ["auth"],
        summary: "One-time authorization code (60 s) for another client, e.g. the web page of a hand-off",
        description:
          "With `code_challenge` (S256) the exchange needs the matching `code_verifier`. The caller's " +
          "client must be allowed to hand over to `client_id` (else `unauthorized_client`); the scope " +
          "stays within the caller's own (else `invalid_scope`).",
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return authCodes.issue(principalOf(request), request.body);
    },
  );
}
