import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { adminActor } from "./admin-actor.js";

/** `POST /admin/v1/feedback/{id}/reply`: the sender sees the reply and gets a mail in their language. */
export function replyFeedback(app: NimbusApp, { feedback }: Services): void {
  route(
    app,
    endpoints.admin.replyFeedback,
    { schema: { tags: ["admin"], summary: "Answer a feedback (admins)" } },
    async (request) => feedback.reply(adminActor(request), request.params.id, request.body.text),
  );
}
