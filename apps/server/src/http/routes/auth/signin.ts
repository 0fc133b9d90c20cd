import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { answerTokens } from "../../plugins/web-session.js";
import type { NimbusApp } from "../../types.js";
import { signinContext } from "./signin-context.js";

export function signin(app: NimbusApp, { accounts, clients }: Services): void {
  route(
    app,
    endpoints.auth.signin,
    {
      schema: {
        tags: ["auth"],
        summary:
          "Sign in by password, by code, and with the second factor (the web app gets a session cookie)",
        description:
          "Password: `username` (username, email or phone) + `password`. Code: `verification_token` " +
          "from `/v1/auth/verification/verify` (usage SIGN_IN). With two-factor on, the first call answers " +
          "`two_factor_required` (4015) whose ErrorInfo metadata carries `two_factor_token`; call again with " +
          "it and `two_factor_code` or `recovery_code` (`invalid_two_factor` 4016, `invalid_two_factor_recovery` " +
          "4017). A pending deletion answers `under_review` (4018) unless `cancel_deletion` is true. Unknown " +
          "accounts and wrong passwords both answer `invalid_account_or_password` (4022); repeated failures " +
          "slow answers down, then `account_freeze` (50). Also `user_blocked`, `user_pending`, " +
          "`password_reset_required`, `user_not_exist` (code sign-in of an address without an account), " +
          "`too_many_requests`.",
      },
    },
    async (request, reply) => {
      const context = signinContext(request, clients, request.body.client_id);
      const tokens = await accounts.signin(request.body, context);
      return answerTokens(request, reply, tokens, context.issue?.cookieSession === true);
    },
  );
}
