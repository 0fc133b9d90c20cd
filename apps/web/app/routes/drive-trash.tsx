import { Link, useSearchParams } from "react-router";
import { EmptyState } from "../components/empty-state.js";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { FileBrowser } from "../drive/files/file-browser.js";
import type { DriveListLoaderData } from "../drive/files/first-page.js";
import { loadFirstPage } from "../drive/files/first-page.server.js";
import { trashView } from "../drive/files/list-query.js";
import { useT } from "../i18n/i18n.js";
import { useDriveSession } from "../session/session.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-trash";

/** The server's default, until the session's `about` says otherwise. */
const DEFAULT_TRASH_RETENTION_DAYS = 30;

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "driveTrash");

/** The first page of the list, so the server render already shows the rows. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<DriveListLoaderData> {
  return { firstPage: await loadFirstPage(request, context.apiFetch) };
}

/**
 * `/drive/trash`: what was trashed, to restore or delete forever; "Empty trash" asks first.
 * `?parent_id=…&root=…` shows a trashed folder inside it, read-only.
 */
export default function DriveTrashPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const [params] = useSearchParams();
  const { session } = useDriveSession();
  const retentionDays =
    (session.status === "ready" && session.about?.trash_retention_days) || DEFAULT_TRASH_RETENTION_DAYS;
  return (
    <FileBrowser
      view={trashView(params)}
      firstPage={loaderData.firstPage}
      title={t("page.driveTrash.title")}
      tools={({ openDialog, count }) =>
        count > 0 && (
          <button type="button" className="button danger" onClick={() => openDialog({ kind: "empty-trash" })}>
            <Icon d={icons.trash} size={18} />
            {t("files.action.emptyTrash")}
          </button>
        )
      }
      empty={
        <EmptyState icon={icons.trash} prefix="drive.trash.empty" params={{ days: retentionDays }}>
          <Link className="button" to="/drive/all">
            {t("drive.backToDrive")}
          </Link>
        </EmptyState>
      }
    />
  );
}
