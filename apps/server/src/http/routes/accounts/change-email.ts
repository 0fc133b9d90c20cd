import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function changeEmail(app: NimbusApp, { accountChanges }: Services): void {
  route(
    app,
    endpoints.accounts.changeEmail,
    {
      schema: {
        tags: ["user"],
        summary: "Change the email to one proven by a CHANGE_EMAIL code (asked for by this user)",
      },
    },
    async (request) => accountChanges.changeEmail(userId(request), request.body.verification_token),
  );
}
