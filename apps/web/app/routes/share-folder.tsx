import { Link, useParams } from "react-router";
import { useT } from "../i18n/i18n.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/share-folder";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "shareFolder");

/** The folder path inside a shared link (`parent_ids`), each step a link back up. */
export default function ShareFolderPage() {
  const t = useT();
  const { shareId, "*": path = "" } = useParams();
  const ids = path.split("/").filter(Boolean);
  return (
    <nav aria-label={t("share.folderPath")} className="breadcrumb">
      <Link to={`/s/${shareId}`}>{t("page.share.title")}</Link>
      {ids.map((id, index) => (
        <span key={ids.slice(0, index + 1).join("/")}>
          <span aria-hidden="true">/</span>{" "}
          {index === ids.length - 1 ? (
            <span aria-current="page">{id}</span>
          ) : (
            <Link to={`/s/${shareId}/${ids.slice(0, index + 1).join("/")}`}>{id}</Link>
          )}
        </span>
      ))}
    </nav>
  );
}
