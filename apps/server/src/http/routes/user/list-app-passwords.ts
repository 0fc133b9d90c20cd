import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function listAppPasswords(app: NimbusApp, { appPasswords }: Services): void {
  route(
    app,
    endpoints.user.listAppPasswords,
    {
      schema: {
        tags: ["user"],
        summary: "The account's app passwords, newest first",
        description: "Name, creation, last use and its address; never the password.",
      },
    },
    async (request) => ({ app_passwords: await appPasswords.list(userId(request)) }),
  );
}
