import { endpoints, MAX_EVENT_WAIT_SECONDS } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function waitEvents(app: NimbusApp, { events }: Services): void {
  route(
    app,
    endpoints.drive.waitEvents,
    {
      schema: {
        tags: ["drive"],
        summary: "Wait for the drive to change (long poll)",
        description:
          "Answers as soon as the user has a `drive#event` newer than `after` (made through any node: " +
          "with Redis the node that records it wakes the others), or after `wait_seconds` " +
          `(default and at most ${MAX_EVENT_WAIT_SECONDS}) with \`changed: false\`. Without \`after\` it ` +
          "answers at once; `latest_id` is the next call's `after`.",
      },
    },
    async (request, reply) => {
      // The client may go away (a closed tab, a proxy timeout): stop waiting for it.
      const gone = new AbortController();
      reply.raw.once("close", () => gone.abort());
      const seconds = request.query.wait_seconds ?? MAX_EVENT_WAIT_SECONDS;
      return events.wait(userId(request), request.query.after, seconds * 1000, gone.signal);
    },
  );
}
