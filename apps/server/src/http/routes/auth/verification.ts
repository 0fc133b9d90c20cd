import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { requestLocale } from "./signin-context.js";

export function verification(app: NimbusApp, { verifications }: Services): void {
  route(
    app,
    endpoints.auth.verification,
    {
      schema: {
        tags: ["auth"],
        summary: "Send a 6-digit verification code by email or SMS",
        description:
          "Usages REGISTER, SIGN_IN, RESET_PASSWORD (anonymous) and CHANGE_EMAIL, DELETE_ACCOUNT (signed in; " +
          "DELETE_ACCOUNT goes to the caller's own address, `target: USER`). The mail is in the " +
          "Accept-Language locale, else the account's. Answers alike whether or not an account exists. " +
          "Another code for the same address and usage within 60 s, or too many per address or IP, answers " +
          "`too_many_requests` (metadata `retry_after`).",
      },
    },
    async (request) =>
      verifications.send({
        ...request.body,
        userId: request.principal?.userId,
        ip: request.ip,
        locale: requestLocale(request),
      }),
  );
}
