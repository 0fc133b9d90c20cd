import { signinRequestSchema, tokenResponseSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import type { NimbusApp } from "../../types.js";

export function signin(app: NimbusApp, { auth }: Services): void {
  app.post(
    "/v1/auth/signin",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign in with email and password",
        body: signinRequestSchema,
        response: { 200: tokenResponseSchema },
      },
    },
    async (request) => auth.signin(request.body),
  );
}
