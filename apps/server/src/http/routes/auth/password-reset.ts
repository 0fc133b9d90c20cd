import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

export function passwordReset(app: NimbusApp, { accountChanges }: Services): void {
  route(
    app,
    endpoints.auth.passwordReset,
    {
      schema: {
        tags: ["auth"],
        summary: "Set a new password with a RESET_PASSWORD verification token; every session ends",
      },
    },
    async (request) => {
      await accountChanges.resetPassword(request.body);
      return {};
    },
  );
}
