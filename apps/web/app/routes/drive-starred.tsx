import { Link } from "react-router";
import { EmptyState } from "../components/empty-state.js";
import { fileIcons } from "../components/file-icons.js";
import { FileBrowser } from "../drive/files/file-browser.js";
import type { DriveListLoaderData } from "../drive/files/first-page.js";
import { loadFirstPage } from "../drive/files/first-page.server.js";
import { useT } from "../i18n/i18n.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-starred";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "driveStarred");

/** The first page of the list, so the server render already shows the rows. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<DriveListLoaderData> {
  return { firstPage: await loadFirstPage(request, context.apiFetch) };
}

/** `/drive/starred`: every starred file and folder of the drive, wherever it lives; unstarring removes it. */
export default function DriveStarredPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <FileBrowser
      view={{ kind: "starred" }}
      firstPage={loaderData.firstPage}
      title={t("page.driveStarred.title")}
      empty={
        <EmptyState icon={fileIcons.starFilled} prefix="drive.starred.empty">
          <Link className="button primary" to="/drive/all">
            {t("drive.backToDrive")}
          </Link>
        </EmptyState>
      }
    />
  );
}
