import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function privilegeVip(app: NimbusApp, { membership }: Services): void {
  route(
    app,
    endpoints.membership.privilegeVip,
    {
      schema: { tags: ["membership"], summary: "The caller's premium privilege" },
    },
    async (request) => membership.privilegeVip(userId(request)),
  );
}
