import { signupRequestSchema, tokenResponseSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import type { NimbusApp } from "../../types.js";

export function signup(app: NimbusApp, { auth }: Services): void {
  app.post(
    "/v1/auth/signup",
    {
      schema: {
        tags: ["auth"],
        summary: "Create an account with email and password",
        body: signupRequestSchema,
        response: { 200: tokenResponseSchema },
      },
    },
    async (request) => auth.signup(request.body),
  );
}
