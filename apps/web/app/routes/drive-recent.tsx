import * as icons from "../components/icons.js";
import { DrivePage, EmptyState, SessionGate } from "../drive/drive-page.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-recent";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "driveRecent");

export default function DriveRecentPage() {
  return (
    <DrivePage name="driveRecent">
      <SessionGate>
        <EmptyState icon={icons.clock} prefix="drive.recent.empty" />
      </SessionGate>
    </DrivePage>
  );
}
