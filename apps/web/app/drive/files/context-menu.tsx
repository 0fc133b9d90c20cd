import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Icon } from "../../components/icon.js";

export interface MenuEntry {
  id: string;
  label: string;
  icon: string;
  danger?: boolean;
  run(): void;
}

export interface MenuPlacement {
  x: number;
  y: number;
  /** Where focus goes back to when the menu closes. */
  returnFocus?: HTMLElement | null;
}

/**
 * A menu of actions at a point (right-click, the ⋮ button, Shift+F10): arrow keys
 * move, Enter runs, Escape or a click elsewhere closes; kept inside the window.
 * On phones it is a sheet at the bottom.
 */
export function ContextMenu({
  label,
  entries,
  placement,
  onClose,
}: {
  label: string;
  entries: MenuEntry[];
  placement: MenuPlacement;
  onClose(): void;
}) {
  const menu = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ left: number; top: number } | undefined>({
    left: placement.x,
    top: placement.y,
  });
  const sheet = typeof window !== "undefined" && window.innerWidth <= 768;

  useLayoutEffect(() => {
    const element = menu.current;
    if (!element) return;
    const { width, height } = element.getBoundingClientRect();
    if (window.innerWidth <= 768) setPosition(undefined);
    else
      setPosition({
        left: Math.max(8, Math.min(placement.x, window.innerWidth - width - 8)),
        top: Math.max(8, Math.min(placement.y, window.innerHeight - height - 8)),
      });
    element.querySelector<HTMLElement>("[role=menuitem]")?.focus();
  }, [placement]);

  useEffect(() => {
    const close = (event: Event) => {
      if (event.type === "pointerdown" && menu.current?.contains(event.target as Node)) return;
      onClose();
    };
    document.addEventListener("pointerdown", close);
    window.addEventListener("resize", close);
    return () => {
      document.removeEventListener("pointerdown", close);
      window.removeEventListener("resize", close);
    };
  }, [onClose]);

  const finish = (entry?: MenuEntry) => {
    onClose();
    placement.returnFocus?.focus();
    entry?.run();
  };

  return (
    <div
      ref={menu}
      role="menu"
      aria-label={label}
      className={sheet ? "context-menu sheet" : "context-menu"}
      style={sheet ? undefined : position}
      onKeyDown={(event) => {
        const items = [...(menu.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? [])];
        const at = items.indexOf(document.activeElement as HTMLElement);
        const go = (index: number) => items[(index + items.length) % items.length]?.focus();
        if (event.key === "ArrowDown") go(at + 1);
        else if (event.key === "ArrowUp") go(at - 1);
        else if (event.key === "Home") go(0);
        else if (event.key === "End") go(items.length - 1);
        else if (event.key === "Escape" || event.key === "Tab") finish();
        else return;
        event.preventDefault();
        event.stopPropagation();
      }}
    >
      {entries.map((entry) => (
        <button
          key={entry.id}
          type="button"
          role="menuitem"
          tabIndex={-1}
          data-action={entry.id}
          className={entry.danger ? "danger" : undefined}
          onClick={() => finish(entry)}
        >
          <Icon d={entry.icon} size={18} />
          {entry.label}
        </button>
      ))}
    </div>
  );
}
