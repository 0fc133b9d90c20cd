import { DrivePage } from "../drive/drive-page.js";
import { FeedbackPanel } from "../drive/feedback-panel.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-feedback";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "driveFeedback");

/** Feedback stored on this server and answered by its operator (`/drive/v1/feedback`). */
export default function DriveFeedbackPage() {
  return (
    <DrivePage name="driveFeedback">
      <FeedbackPanel />
    </DrivePage>
  );
}
