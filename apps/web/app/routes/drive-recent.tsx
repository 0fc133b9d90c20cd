import { EmptyState } from "../components/empty-state.js";
import * as icons from "../components/icons.js";
import { FileBrowser } from "../drive/files/file-browser.js";
import type { DriveListLoaderData } from "../drive/files/first-page.js";
import { loadFirstPage } from "../drive/files/first-page.server.js";
import { UploadButton } from "../drive/upload-button.js";
import { useT } from "../i18n/i18n.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-recent";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "driveRecent");

/** The first page of the list, so the server render already shows the rows. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<DriveListLoaderData> {
  return { firstPage: await loadFirstPage(request, context.apiFetch) };
}

/** `/drive/recent`: every file in the drive, the most recently changed first. */
export default function DriveRecentPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <FileBrowser
      view={{ kind: "recent" }}
      firstPage={loaderData.firstPage}
      title={t("page.driveRecent.title")}
      empty={
        <EmptyState icon={icons.clock} prefix="drive.recent.empty">
          <UploadButton />
        </EmptyState>
      }
    />
  );
}
