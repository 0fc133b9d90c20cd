import { signupRequestSchema, tokenResponseSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { answerTokens, wantsCookieSession } from "../../plugins/web-session.js";
import type { NimbusApp } from "../../types.js";

export function signup(app: NimbusApp, { accounts }: Services): void {
  app.post(
    "/v1/auth/signup",
    {
      schema: {
        tags: ["auth"],
        summary: "Create an account (the web app gets a session cookie instead of tokens)",
        body: signupRequestSchema,
        response: { 200: tokenResponseSchema },
      },
    },
    async (request, reply) => {
      const tokens = await accounts.signup(request.body, { cookieSession: wantsCookieSession(request) });
      return answerTokens(request, reply, tokens);
    },
  );
}
