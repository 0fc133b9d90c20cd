import { fileIcons } from "../components/file-icons.js";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { useT } from "../i18n/i18n.js";
import { ORDER_TYPE, type OrderType, type SharedDisplayMode } from "../lib/display-mode.js";

const ORDERS: ReadonlyArray<[OrderType, string]> = [
  [ORDER_TYPE.MODIFY_TIME_DESC, "shares.order.newest"],
  [ORDER_TYPE.MODIFY_TIME_ASC, "shares.order.oldest"],
  [ORDER_TYPE.NAME_ASC, "shares.order.nameAsc"],
  [ORDER_TYPE.NAME_DESC, "shares.order.nameDesc"],
  [ORDER_TYPE.SIZE_DESC, "shares.order.largest"],
  [ORDER_TYPE.SIZE_ASC, "shares.order.smallest"],
];

/** Save buttons (selection or everything), the order and the view of the shared list. */
export function ShareToolbar({
  selectedCount,
  saving,
  mode,
  onMode,
  onSaveSelected,
  onSaveAll,
  onClear,
}: {
  selectedCount: number;
  saving: boolean;
  mode: SharedDisplayMode;
  onMode(change: Partial<SharedDisplayMode>): void;
  onSaveSelected(): void;
  onSaveAll(): void;
  onClear(): void;
}) {
  const t = useT();
  const grid = mode.viewType === "grid";
  return (
    <div className="share-toolbar">
      {selectedCount > 0 ? (
        <div className="share-selection" role="status">
          <span>{t("shares.selected", { count: selectedCount })}</span>
          <button type="button" className="button primary" disabled={saving} onClick={onSaveSelected}>
            <Icon d={icons.save} size={18} />
            {t("shares.save")}
          </button>
          <button type="button" className="button ghost" onClick={onClear}>
            {t("shares.clearSelection")}
          </button>
        </div>
      ) : (
        <button type="button" className="button primary" disabled={saving} onClick={onSaveAll}>
          <Icon d={icons.save} size={18} />
          {t("shares.saveAll")}
        </button>
      )}
      <div className="share-view-controls">
        <label className="visually-hidden" htmlFor="share-order">
          {t("shares.order.label")}
        </label>
        <select
          id="share-order"
          value={mode.orderType}
          onChange={(event) => onMode({ orderType: Number(event.currentTarget.value) as OrderType })}
        >
          {ORDERS.map(([value, key]) => (
            <option key={value} value={value}>
              {t(key)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="icon-button"
          aria-pressed={grid}
          aria-label={t(grid ? "shares.view.list" : "shares.view.grid")}
          title={t(grid ? "shares.view.list" : "shares.view.grid")}
          onClick={() => onMode({ viewType: grid ? "list" : "grid" })}
        >
          <Icon d={grid ? fileIcons.list : fileIcons.grid} />
        </button>
      </div>
    </div>
  );
}
