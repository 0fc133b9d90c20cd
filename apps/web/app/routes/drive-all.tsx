import { Link, useSearchParams } from "react-router";
import { EmptyState } from "../components/empty-state.js";
import { fileIcons } from "../components/file-icons.js";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { usePageAction } from "../components/platform/page-actions.js";
import { FileBrowser } from "../drive/files/file-browser.js";
import type { DriveListLoaderData } from "../drive/files/first-page.js";
import { loadFirstPage } from "../drive/files/first-page.server.js";
import { CloudDownloadButton } from "../drive/tasks/cloud-download-button.js";
import { UploadButton } from "../drive/upload-button.js";
import { useT } from "../i18n/i18n.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-all";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "driveAll");

/** The first page of the list, so the server render already shows the rows. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<DriveListLoaderData> {
  return { firstPage: await loadFirstPage(request, context.apiFetch) };
}

function NewFolderButton({ onClick }: { onClick(): void }) {
  const t = useT();
  return (
    <button type="button" className="button" onClick={onClick}>
      <Icon d={fileIcons.folderPlus} size={18} />
      <span className="label">{t("files.newFolder.title")}</span>
    </button>
  );
}

/**
 * `/drive/all`: a folder (`?parent_id=`, absent is the root) or, with
 * `?action=search&keyword=`, the search results across the drive. `?action=create_task&url=`
 * opens the cloud-download dialog (drive/tasks/cloud-download-host.tsx).
 */
export default function DriveAllPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const [params] = useSearchParams();
  const action = params.get("action");
  const keyword = action === "search" ? (params.get("keyword") ?? "").trim() : "";
  const parentId = params.get("parent_id") ?? "";
  // The header's search form navigates here; the list below is the handler.
  usePageAction("search", () => {});
  if (keyword)
    return (
      <FileBrowser
        view={{ kind: "search", keyword }}
        firstPage={loaderData.firstPage}
        title={t("drive.search.results", { keyword })}
        empty={
          <EmptyState icon={icons.search} prefix="drive.search.empty">
            <Link className="button primary" to="/drive/all">
              {t("drive.search.clear")}
            </Link>
          </EmptyState>
        }
      />
    );
  return (
    <FileBrowser
      view={{ kind: "folder", parentId }}
      firstPage={loaderData.firstPage}
      title={parentId ? "" : t("page.driveAll.title")}
      tools={({ openDialog }) => <NewFolderButton onClick={() => openDialog({ kind: "new-folder" })} />}
      empty={({ openDialog }) => (
        <EmptyState icon={icons.folder} prefix={parentId ? "files.folderEmpty" : "drive.all.empty"}>
          <UploadButton />
          <NewFolderButton onClick={() => openDialog({ kind: "new-folder" })} />
          {!parentId && <CloudDownloadButton />}
        </EmptyState>
      )}
    />
  );
}
