import { endpoints, NimbusError } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { sessionContext, setSessionCookie, WEB_CLIENT_ID } from "../../plugins/web-session.js";
import type { NimbusApp } from "../../types.js";
import { takeProviderState, withParam } from "./provider-state-cookie.js";
import { signinContext } from "./signin-context.js";

const SIGN_IN_PAGE = "/drive/login";

export function providerCallback(app: NimbusApp, { externalSignin, clients }: Services): void {
  route(
    app,
    endpoints.auth.providerCallback,
    {
      schema: {
        tags: ["auth"],
        summary: "Where another provider sends the browser back: sign in (or link) and redirect",
        description:
          "Checks the state against this browser's cookie, exchanges the code, checks the ID token, then " +
          "links the provider (when a signed-in user started with `link=true`) or signs in: the linked " +
          "account, else the account with the provider's verified email (linked now), else a new account. " +
          "Redirects to `return_to`; on failure to the sign-in page with `?error=<name>` (`provider_error` " +
          "4019, `already_exists`, `user_blocked`, …), or with `#two_factor_token=…` when the account's " +
          "second factor is still needed.",
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const browserState = takeProviderState(request, reply);
      const query = new URLSearchParams(request.query as Record<string, string>);
      const pending = await externalSignin.pendingOf(browserState);
      const context = {
        ...signinContext(request, clients, WEB_CLIENT_ID),
        issue: { cookieSession: true, context: sessionContext(request) },
      };
      try {
        const result = await externalSignin.complete(request.params.provider, query, browserState, context);
        if (result.kind === "linked") {
          return reply.redirect(withParam(result.returnTo, "linked", request.params.provider), 302);
        }
        setSessionCookie(request, reply, result.tokens.access_token, result.tokens.expires_in);
        return reply.redirect(result.returnTo, 302);
      } catch (error) {
        if (!(error instanceof NimbusError)) throw error;
        request.log.info({ err: error }, "sign-in with a provider refused");
        const token = error.metadata?.two_factor_token;
        if (error.error === "two_factor_required" && token) {
          return reply.redirect(withParam(SIGN_IN_PAGE, "two_factor_token", token, "hash"), 302);
        }
        const back = pending?.linking ? pending.returnTo : SIGN_IN_PAGE;
        return reply.redirect(withParam(back, "error", error.error), 302);
      }
    },
  );
}
