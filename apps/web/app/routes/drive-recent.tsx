import * as icons from "../components/icons.js";
import { EmptyState } from "../drive/drive-page.js";
import { FileBrowser } from "../drive/files/file-browser.js";
import { useT } from "../i18n/i18n.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-recent";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "driveRecent");

/** `/drive/recent`: every file in the drive, the most recently changed first. */
export default function DriveRecentPage() {
  const t = useT();
  return (
    <FileBrowser
      view={{ kind: "recent" }}
      title={t("page.driveRecent.title")}
      empty={<EmptyState icon={icons.clock} prefix="drive.recent.empty" />}
    />
  );
}
