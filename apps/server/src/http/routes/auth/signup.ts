import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { answerTokens } from "../../plugins/web-session.js";
import type { NimbusApp } from "../../types.js";
import { signinContext } from "./signin-context.js";

export function signup(app: NimbusApp, { accounts, clients }: Services): void {
  route(
    app,
    endpoints.auth.signup,
    {
      schema: {
        tags: ["auth"],
        summary: "Create an account for a verified email or phone (the web app gets a session cookie)",
        description:
          "`verification_token` from `/v1/auth/verification/verify` (usage REGISTER or SIGN_IN) proves the " +
          "email or phone. Password, name and username are optional. A taken address or username answers " +
          "`already_exists` (metadata `field`); too many sign-ups from one address `too_many_requests`.",
      },
    },
    async (request, reply) => {
      const context = signinContext(request, clients, request.body.client_id);
      const tokens = await accounts.signup(request.body, context);
      return answerTokens(request, reply, tokens, context.issue?.cookieSession === true);
    },
  );
}
