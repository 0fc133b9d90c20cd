import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function providerUnlink(app: NimbusApp, { externalSignin, profiles }: Services): void {
  route(
    app,
    endpoints.user.providerUnlink,
    {
      schema: {
        tags: ["user"],
        summary: "Unlink another provider from the account",
        description:
          "The account keeps its email, so a sign-in code always remains a way in. Answers the new profile.",
      },
    },
    async (request) => {
      await externalSignin.unlink(userId(request), request.params.provider);
      return profiles.me(userId(request));
    },
  );
}
