import type { Ancestor } from "@nimbus/protocol";
import { Link } from "react-router";
import { Icon } from "../../components/icon.js";
import { useT } from "../../i18n/i18n.js";
import { fileIcons } from "./file-icons.js";
import { DRAG_TYPE } from "./file-view.js";
import { folderPath } from "./use-file-actions.js";

/**
 * Where the folder is: My files › A › B, the current folder last (the page's h1
 * names it). Crumbs take items dragged onto them (a move up the tree).
 */
export function Breadcrumbs({
  ancestors,
  onDropInto,
}: {
  ancestors: readonly Ancestor[];
  onDropInto(parentId: string, name: string, ids: string[]): void;
}) {
  const t = useT();
  const crumbs = [{ id: "", name: t("files.root") }, ...ancestors];
  return (
    <nav className="breadcrumbs" aria-label={t("files.breadcrumbs")}>
      <ol>
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={crumb.id || "root"}>
              {i > 0 && <Icon d={fileIcons.chevronRight} size={14} />}
              <Link
                to={folderPath(crumb.id)}
                aria-current={last ? "page" : undefined}
                onDragOver={(event) => {
                  if (last || !event.dataTransfer.types.includes(DRAG_TYPE)) return;
                  event.preventDefault();
                  event.currentTarget.classList.add("drop-target");
                }}
                onDragLeave={(event) => event.currentTarget.classList.remove("drop-target")}
                onDrop={(event) => {
                  event.currentTarget.classList.remove("drop-target");
                  if (last) return;
                  event.preventDefault();
                  const ids = JSON.parse(event.dataTransfer.getData(DRAG_TYPE) || "[]") as string[];
                  if (ids.length) onDropInto(crumb.id, crumb.name, ids);
                }}
              >
                {i === 0 && <Icon d={fileIcons.home} size={16} />}
                {crumb.name}
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
