import { DrivePage, SessionGate } from "../drive/drive-page.js";
import { MyShares } from "../shares/my-shares.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-shares";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "driveShares");

/** "My shares" (`/drive/shares`): my links with their view, save and download counts; copy and cancel. */
export default function DriveSharesPage() {
  return (
    <DrivePage name="driveShares">
      <SessionGate>
        <MyShares />
      </SessionGate>
    </DrivePage>
  );
}
