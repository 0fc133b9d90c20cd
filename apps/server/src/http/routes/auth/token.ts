import { endpoints, NimbusError } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { withFormBodies } from "../../plugins/form-body.js";
import {
  answerTokens,
  carriesClientHeaders,
  sessionContext,
  sessionCookie,
} from "../../plugins/web-session.js";
import type { NimbusApp } from "../../types.js";

/** The OAuth token endpoint: refresh (rotating), authorization code with PKCE, device code. */
export function token(app: NimbusApp, { grants, clients, auth }: Services): void {
  withFormBodies(app, (scope) =>
    route(
      scope,
      endpoints.auth.token,
      {
        schema: {
          tags: ["auth"],
          summary: "Tokens by grant: refresh_token, authorization_code (PKCE S256), device_code (RFC 8628)",
          description:
            "JSON or form body. Failures use the OAuth names of the catalogue: `invalid_request`, " +
            "`invalid_grant` (also when a rotated refresh token is reused, which revokes its whole " +
            "session), `invalid_scope`, `unauthorized_client`, `access_denied`, and for the device " +
            "flow `authorization_pending` (4050), `slow_down` (4051), `expired_token` (4052). " +
            "The web client (`nimbus-web`) exchanging a code gets its session cookie instead of tokens, and " +
            "must send `x-client-id` and `x-device-id` (else `permission_denied`, CSRF); the session " +
            "of the cookie it replaces ends once the exchange succeeded.",
        },
      },
      async (request, reply) => {
        // A cross-site form could otherwise sign the browser into someone else's account (login CSRF).
        if (clients.find(request.body.client_id)?.cookieSession && !carriesClientHeaders(request)) {
          throw new NimbusError(
            "permission_denied",
            "a cookie-session grant needs x-client-id and x-device-id",
            {
              metadata: { reason: "CSRF_HEADERS_MISSING" },
            },
          );
        }
        const result = await grants.grant(request.body, sessionContext(request));
        // The browser's previous session ends only now that the new one exists (an account switch).
        const previous = sessionCookie(request);
        if (result.cookieSession && previous) await auth.revokeToken(previous, "access_token");
        reply.header("cache-control", "no-store");
        return answerTokens(request, reply, result.tokens, result.cookieSession);
      },
    ),
  );
}
