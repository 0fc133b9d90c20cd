import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { EmptyState } from "../drive/drive-page.js";
import { FileBrowser } from "../drive/files/file-browser.js";
import { useT } from "../i18n/i18n.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-trash";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "driveTrash");

/** `/drive/trash`: what was trashed, to restore or delete forever; "Empty trash" asks first. */
export default function DriveTrashPage() {
  const t = useT();
  return (
    <FileBrowser
      view={{ kind: "trash" }}
      title={t("page.driveTrash.title")}
      tools={({ openDialog, count }) =>
        count > 0 && (
          <button type="button" className="button danger" onClick={() => openDialog({ kind: "empty-trash" })}>
            <Icon d={icons.trash} size={18} />
            {t("files.action.emptyTrash")}
          </button>
        )
      }
      empty={<EmptyState icon={icons.trash} prefix="drive.trash.empty" />}
    />
  );
}
