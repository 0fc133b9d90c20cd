import type { Ancestor } from "@nimbus/protocol";
import { Link } from "react-router";
import { fileIcons } from "../../components/file-icons.js";
import { Icon } from "../../components/icon.js";
import { useT } from "../../i18n/i18n.js";
import { DRAG_TYPE } from "../drive-events.js";
import { folderPath } from "./use-file-actions.js";

/**
 * Where the folder is: My files › A › B, the current folder last (the page's h1
 * names it). Crumbs take items dragged onto them (a move up the tree). Inside the
 * trash the first crumb is the Trash and nothing takes drops (`home`, `hrefOf`).
 */
export function Breadcrumbs({
  ancestors,
  onDropInto,
  home,
  hrefOf = folderPath,
}: {
  ancestors: readonly Ancestor[];
  onDropInto?(parentId: string, name: string, ids: string[]): void;
  home?: { name: string; href: string; icon: string };
  hrefOf?(id: string): string;
}) {
  const t = useT();
  const crumbs = [{ id: "", name: home?.name ?? t("files.root") }, ...ancestors];
  return (
    <nav className="breadcrumbs" aria-label={t("files.breadcrumbs")}>
      <ol>
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={crumb.id || "root"}>
              {i > 0 && <Icon d={fileIcons.chevronRight} size={14} />}
              <Link
                to={i === 0 && home ? home.href : hrefOf(crumb.id)}
                aria-current={last ? "page" : undefined}
                onDragOver={(event) => {
                  if (last || !onDropInto || !event.dataTransfer.types.includes(DRAG_TYPE)) return;
                  event.preventDefault();
                  event.currentTarget.classList.add("drop-target");
                }}
                onDragLeave={(event) => event.currentTarget.classList.remove("drop-target")}
                onDrop={(event) => {
                  event.currentTarget.classList.remove("drop-target");
                  if (last || !onDropInto) return;
                  event.preventDefault();
                  const ids = JSON.parse(event.dataTransfer.getData(DRAG_TYPE) || "[]") as string[];
                  if (ids.length) onDropInto(crumb.id, crumb.name, ids);
                }}
              >
                {i === 0 && <Icon d={home?.icon ?? fileIcons.home} size={16} />}
                <bdi>{crumb.name}</bdi>
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
