import { useT } from "../../i18n/i18n.js";
import { fileIcons } from "../file-icons.js";
import { Icon } from "../icon.js";
import type { PickedFolder } from "./folder-picker.js";

/** The picker's path from the root: each step above the open folder goes back to it. */
export function PickerPath({ path, onGoTo }: { path: readonly PickedFolder[]; onGoTo(depth: number): void }) {
  const t = useT();
  return (
    <nav className="folder-picker-path" aria-label={t("picker.path")}>
      <ol>
        {path.map((step, index) => (
          <li key={step.id || "root"}>
            {index > 0 && <Icon d={fileIcons.chevronRight} size={14} />}
            {index === path.length - 1 ? (
              <span aria-current="location">
                <bdi>{step.name}</bdi>
              </span>
            ) : (
              <button type="button" className="link-button" onClick={() => onGoTo(index)}>
                <bdi>{step.name}</bdi>
              </button>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
