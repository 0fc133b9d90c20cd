import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

/** `POST /drive/v1/feedback`: stores the user's feedback (rate-limited) and forwards it to the operator. */
export function createFeedback(app: NimbusApp, { feedback }: Services): void {
  route(
    app,
    endpoints.drive.createFeedback,
    {
      schema: {
        tags: ["drive"],
        summary: "Send feedback",
        description:
          "A category, the text, optionally files of the caller's drive and the diagnostics they agreed to send.",
      },
    },
    async (request) => feedback.create(userId(request), request.body),
  );
}
