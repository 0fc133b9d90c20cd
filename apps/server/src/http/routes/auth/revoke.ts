import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { withFormBodies } from "../../plugins/form-body.js";
import type { NimbusApp } from "../../types.js";

/** RFC 7009 revocation: ends the session a token names; unknown tokens answer 200 too. */
export function revoke(app: NimbusApp, { auth }: Services): void {
  withFormBodies(app, (scope) =>
    route(
      scope,
      endpoints.auth.revoke,
      {
        schema: {
          tags: ["auth"],
          summary: "Revoke an access or refresh token (its whole session); always 200",
        },
      },
      async (request) => {
        await auth.revokeToken(request.body.token, request.body.token_type_hint);
        return {};
      },
    ),
  );
}
