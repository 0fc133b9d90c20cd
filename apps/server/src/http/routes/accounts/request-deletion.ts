import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import { clearSessionCookie } from "../../plugins/web-session.js";
import type { NimbusApp } from "../../types.js";

export function requestDeletion(app: NimbusApp, { accountDeletion }: Services): void {
  route(
    app,
    endpoints.accounts.requestDeletion,
    {
      schema: {
        tags: ["user"],
        summary:
          "Ask for the account to be deleted in 7 days (password or DELETE_ACCOUNT code); signs out everywhere",
        description:
          "A wrong password answers `invalid_password` (4010). Until `delete_at`, sign-in answers `under_review` " +
          "(4018) unless it sends `cancel_deletion: true`, which cancels the deletion.",
      },
    },
    async (request, reply) => {
      const answer = await accountDeletion.request(userId(request), request.body);
      clearSessionCookie(request, reply);
      return answer;
    },
  );
}
