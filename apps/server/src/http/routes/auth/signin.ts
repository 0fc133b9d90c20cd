import { signinRequestSchema, tokenResponseSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { answerTokens, wantsCookieSession } from "../../plugins/web-session.js";
import type { NimbusApp } from "../../types.js";

export function signin(app: NimbusApp, { accounts }: Services): void {
  app.post(
    "/v1/auth/signin",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign in with email and password (the web app gets a session cookie instead of tokens)",
        body: signinRequestSchema,
        response: { 200: tokenResponseSchema },
      },
    },
    async (request, reply) => {
      const tokens = await accounts.signin(request.body, { cookieSession: wantsCookieSession(request) });
      return answerTokens(request, reply, tokens);
    },
  );
}
