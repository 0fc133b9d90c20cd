import type { ShareFilesResponse } from "@nimbus/protocol";
import { Link } from "react-router";
import { useT } from "../i18n/i18n.js";
import { breadcrumbs, sharePath } from "./share-path.js";

/** "All files / Folder / Subfolder" inside a share, each step a link but the current one. */
export function ShareBreadcrumb({
  shareId,
  parentIds,
  ancestors,
}: {
  shareId: string;
  parentIds: string[];
  ancestors: ShareFilesResponse["ancestors"];
}) {
  const t = useT();
  return (
    <nav className="breadcrumb share-breadcrumb" aria-label={t("share.folderPath")}>
      {parentIds.length === 0 ? (
        <span aria-current="page">{t("shares.breadcrumb.all")}</span>
      ) : (
        <Link to={sharePath(shareId)}>{t("shares.breadcrumb.all")}</Link>
      )}
      {breadcrumbs(shareId, ancestors).map((crumb, index, all) => (
        <span key={crumb.id}>
          <span aria-hidden="true">/</span>{" "}
          {index === all.length - 1 ? (
            <span aria-current="page">
              <bdi>{crumb.name}</bdi>
            </span>
          ) : (
            <Link to={crumb.path}>
              <bdi>{crumb.name}</bdi>
            </Link>
          )}
        </span>
      ))}
    </nav>
  );
}
