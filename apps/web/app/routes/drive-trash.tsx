import * as icons from "../components/icons.js";
import { DrivePage, EmptyState, SessionGate } from "../drive/drive-page.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-trash";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "driveTrash");

export default function DriveTrashPage() {
  return (
    <DrivePage name="driveTrash">
      <SessionGate>
        <EmptyState icon={icons.trash} prefix="drive.trash.empty" />
      </SessionGate>
    </DrivePage>
  );
}
