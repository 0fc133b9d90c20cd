import { fileIcons } from "../../components/file-icons.js";
import { Icon } from "../../components/icon.js";
import { useDisclosure } from "../../components/use-disclosure.js";
import { useAwaitingScripts } from "../../components/use-hydrated.js";
import { useT } from "../../i18n/i18n.js";
import {
  type DisplayMode,
  ORDER_TYPE,
  type OrderType,
  type OrderTypeName,
  orderTypeName,
} from "../../lib/display-mode.js";

/** The sort menu's choices: the numbered order set (the named set arrives as `?order=`). */
export const SORT_CHOICES: readonly OrderType[] = [
  ORDER_TYPE.NAME_ASC,
  ORDER_TYPE.NAME_DESC,
  ORDER_TYPE.MODIFY_TIME_DESC,
  ORDER_TYPE.MODIFY_TIME_ASC,
  ORDER_TYPE.SIZE_DESC,
  ORDER_TYPE.SIZE_ASC,
  ORDER_TYPE.TYPE_DESC,
];

const ORDER_LABELS: Record<OrderTypeName, string> = {
  NAME_ASC: "nameAsc",
  NAME_DESC: "nameDesc",
  TYPE_DESC: "typeDesc",
  MODIFY_TIME_ASC: "modifiedAsc",
  MODIFY_TIME_DESC: "modifiedDesc",
  SIZE_ASC: "sizeAsc",
  SIZE_DESC: "sizeDesc",
};

export function orderLabelKey(orderType: OrderType): string {
  return `files.sort.${ORDER_LABELS[orderTypeName(orderType)]}`;
}

function SortMenu({ mode, onChange }: { mode: DisplayMode; onChange(change: Partial<DisplayMode>): void }) {
  const t = useT();
  const menu = useDisclosure<HTMLDivElement>((panel) =>
    panel.querySelector<HTMLElement>("[aria-checked=true]")?.focus(),
  );
  return (
    <div className="popover-anchor">
      <button {...menu.button} className="button ghost sort-button" aria-haspopup="menu">
        <Icon d={fileIcons.sort} size={18} />
        <span className="label">{t(orderLabelKey(mode.orderType))}</span>
      </button>
      <div
        {...menu.panel}
        className="popover sort-popover"
        role="menu"
        aria-label={t("files.sort.label")}
        onKeyDown={(event) => {
          const items = [...event.currentTarget.querySelectorAll<HTMLElement>("[role^=menuitem]")];
          const at = items.indexOf(document.activeElement as HTMLElement);
          if (event.key === "ArrowDown") items[(at + 1) % items.length]?.focus();
          else if (event.key === "ArrowUp") items[(at - 1 + items.length) % items.length]?.focus();
          else return;
          event.preventDefault();
        }}
      >
        {SORT_CHOICES.map((orderType) => (
          <button
            key={orderType}
            type="button"
            role="menuitemradio"
            aria-checked={mode.orderType === orderType}
            onClick={() => {
              onChange({ orderType });
              menu.close();
            }}
          >
            <span className="check-mark" aria-hidden="true">
              {mode.orderType === orderType ? "✓" : ""}
            </span>
            {t(orderLabelKey(orderType))}
          </button>
        ))}
        <hr />
        <button
          type="button"
          role="menuitemcheckbox"
          aria-checked={mode.pinFoldersTop}
          onClick={() => onChange({ pinFoldersTop: !mode.pinFoldersTop })}
        >
          <span className="check-mark" aria-hidden="true">
            {mode.pinFoldersTop ? "✓" : ""}
          </span>
          {t("files.sort.foldersFirst")}
        </button>
      </div>
    </div>
  );
}

/** Sort menu and the list/grid switch (saved as the display mode). */
export function ViewTools({
  mode,
  onChange,
  sortable = true,
}: {
  mode: DisplayMode;
  onChange(change: Partial<DisplayMode>): void;
  sortable?: boolean;
}) {
  const t = useT();
  const waiting = useAwaitingScripts();
  return (
    <div className="view-tools">
      {sortable && <SortMenu mode={mode} onChange={onChange} />}
      <fieldset className="segmented">
        <legend className="visually-hidden">{t("files.view.label")}</legend>
        {(["list", "grid", "flow"] as const).map((viewType) => (
          <button
            key={viewType}
            type="button"
            className="icon-button"
            aria-pressed={mode.viewType === viewType}
            aria-label={t(`files.view.${viewType}`)}
            title={t(`files.view.${viewType}`)}
            onClick={() => onChange({ viewType })}
            {...waiting}
          >
            <Icon d={fileIcons[viewType]} size={18} />
          </button>
        ))}
      </fieldset>
    </div>
  );
}
