import { endpoints, NimbusError } from "@nimbus/protocol";
import { safeReturnTo } from "../../../modules/accounts/external-signin.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { setProviderState, withParam } from "./provider-state-cookie.js";

const SIGN_IN_PAGE = "/drive/login";

export function providerAuthorize(app: NimbusApp, { externalSignin }: Services): void {
  route(
    app,
    endpoints.auth.providerAuthorize,
    {
      schema: {
        tags: ["auth"],
        summary: "Leave for another provider to sign in, or to link it (`link=true`, signed in)",
        description:
          "Answers a 302 to the provider's authorization page (code flow with PKCE, state and nonce) and " +
          "binds the round trip to this browser with a cookie. `return_to` is a same-site path to land on " +
          "afterwards. A provider that cannot be reached sends the browser back with `?error=provider_error`.",
      },
    },
    async (request, reply) => {
      const linking = request.query.link === "true";
      if (linking && !request.principal)
        throw new NimbusError("unauthenticated", "sign in to link a provider");
      try {
        const { url, state } = await externalSignin.begin(request.params.provider, {
          returnTo: request.query.return_to,
          linkUserId: linking ? request.principal?.userId : undefined,
        });
        setProviderState(request, reply, state);
        return reply.header("cache-control", "no-store").redirect(url, 302);
      } catch (error) {
        if (!(error instanceof NimbusError) || error.error !== "provider_error") throw error;
        request.log.warn({ err: error }, "sign-in provider unreachable");
        const back = linking ? safeReturnTo(request.query.return_to) : SIGN_IN_PAGE;
        return reply.header("cache-control", "no-store").redirect(withParam(back, "error", error.error), 302);
      }
    },
  );
}
