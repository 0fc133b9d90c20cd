import { aboutSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function about(app: NimbusApp, { auth, files }: Services): void {
  app.get(
    "/drive/v1/about",
    {
      onRequest: requireUser(auth),
      schema: { tags: ["drive"], summary: "Storage quota and usage", response: { 200: aboutSchema } },
    },
    async (request) => files.about(userId(request)),
  );
}
