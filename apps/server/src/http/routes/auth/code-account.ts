import { endpoints, NimbusError } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

/**
 * Whose sign-in a hand-off code carries, before the page exchanges it: a code in an
 * address may come from anyone, so the page shows the account and asks first.
 */
export function codeAccount(app: NimbusApp, { authCodes, users }: Services): void {
  route(
    app,
    endpoints.auth.codeAccount,
    {
      schema: {
        tags: ["auth"],
        summary: "The account a one-time code would sign in as, without spending the code",
        description:
          "Checked as the `authorization_code` exchange is (client, expiry, PKCE verifier of a bound " +
          "code); a code that could not be exchanged answers `invalid_grant`.",
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { code, client_id, code_verifier } = request.body;
      const { userId, bound } = await authCodes.describe({
        code,
        clientId: client_id,
        verifier: code_verifier,
      });
      const user = await users.findById(userId);
      if (!user) throw new NimbusError("invalid_grant", "unknown authorization code");
      return { sub: user.id, name: user.name, email: user.email, phone_number: user.phone ?? "", bound };
    },
  );
}
