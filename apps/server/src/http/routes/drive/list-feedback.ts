import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

/** `GET /drive/v1/feedback`: the caller's own feedback, newest first, with the replies. */
export function listFeedback(app: NimbusApp, { feedback }: Services): void {
  route(
    app,
    endpoints.drive.listFeedback,
    { schema: { tags: ["drive"], summary: "Your feedback and the replies" } },
    async (request) => feedback.listOwn(userId(request)),
  );
}
