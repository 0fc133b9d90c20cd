import { Link, useSearchParams } from "react-router";
import { ENDPOINTS } from "../api/endpoints.js";
import { useApiAction } from "../api/use-api-action.js";
import { FormStatus } from "../components/form-status.js";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { LinkDetails } from "../components/link-details.js";
import { usePageAction } from "../components/platform/page-actions.js";
import { EmptyState } from "../drive/drive-page.js";
import { FileBrowser } from "../drive/files/file-browser.js";
import { fileIcons } from "../drive/files/file-icons.js";
import type { DriveListLoaderData } from "../drive/files/first-page.js";
import { loadFirstPage } from "../drive/files/first-page.server.js";
import { UploadButton } from "../drive/upload-button.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { classifyLink } from "../site/link-kind.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-all";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "driveAll");

/** The first page of the list, so the server render already shows the rows. */
export async function loader({ request }: Route.LoaderArgs): Promise<DriveListLoaderData> {
  return { firstPage: await loadFirstPage(request) };
}

/** `?action=create_task&url=…` (from the URL checker and the extension): start a cloud download. */
function CreateTask({ url }: { url: string }) {
  const t = useT();
  const info = classifyLink(url);
  const { state, run } = useApiAction();
  return (
    <section className="card task-card" aria-labelledby="task-title">
      <h2 id="task-title">
        <Icon d={icons.magnet} />
        {t("drive.task.title")}
      </h2>
      {info.kind === "invalid" ? (
        <p className="form-message error" role="alert">
          {t("urlChecker.invalid")}
        </p>
      ) : (
        <>
          <p className="muted break">{info.url}</p>
          <LinkDetails info={info} />
          <button
            className="button primary"
            type="button"
            disabled={state.status === "busy" || state.status === "done"}
            onClick={() =>
              void run(ENDPOINTS.createFile, {
                body: { kind: "drive#file", upload_type: "UPLOAD_TYPE_URL", url: { url: info.url } },
              })
            }
          >
            {t("drive.task.start")}
          </button>
          <FormStatus state={state} done={t("drive.task.started")} />
        </>
      )}
    </section>
  );
}

/**
 * `/drive/all`: a folder (`?parent_id=`, absent is the root) or, with
 * `?action=search&keyword=`, the search results across the drive.
 */
export default function DriveAllPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const [params] = useSearchParams();
  const action = params.get("action");
  const keyword = action === "search" ? (params.get("keyword") ?? "").trim() : "";
  const taskUrl = action === "create_task" ? params.get("url") : null;
  const parentId = params.get("parent_id") ?? "";
  // The header's search form navigates here; the list below is the handler.
  usePageAction("search", () => {});
  if (keyword)
    return (
      <FileBrowser
        view={{ kind: "search", keyword }}
        firstPage={loaderData.firstPage}
        title={t("drive.search.results", { keyword })}
        empty={<EmptyState icon={icons.search} prefix="drive.search.empty" />}
      />
    );
  return (
    <FileBrowser
      banner={taskUrl ? <CreateTask url={taskUrl} /> : undefined}
      view={{ kind: "folder", parentId }}
      firstPage={loaderData.firstPage}
      title={parentId ? "" : t("page.driveAll.title")}
      tools={({ openDialog }) => (
        <button type="button" className="button" onClick={() => openDialog({ kind: "new-folder" })}>
          <Icon d={fileIcons.folderPlus} size={18} />
          <span className="label">{t("files.newFolder.title")}</span>
        </button>
      )}
      empty={
        parentId ? (
          <EmptyState icon={icons.folder} prefix="files.folderEmpty">
            <UploadButton />
          </EmptyState>
        ) : (
          <EmptyState icon={icons.folder} prefix="drive.all.empty">
            <UploadButton />
            <Link className="button" to={localizedPath(locale, "/url-checker")}>
              <Icon d={icons.magnet} />
              {t("drive.all.cloudDownload")}
            </Link>
          </EmptyState>
        )
      }
    />
  );
}
