import type { ReactNode } from "react";
import { Icon } from "../icon.js";

/** A player button: an icon with its label for screen readers and as a tooltip, its shortcut and state. */
export function ControlButton({
  label,
  icon,
  onClick,
  shortcut,
  pressed,
  className,
  children,
  expanded,
}: {
  label: string;
  icon: string;
  onClick(): void;
  shortcut?: string;
  pressed?: boolean;
  className?: string;
  children?: ReactNode;
  expanded?: boolean;
}) {
  return (
    <button
      type="button"
      className={`player-button${className ? ` ${className}` : ""}`}
      aria-label={label}
      title={label}
      aria-keyshortcuts={shortcut}
      aria-pressed={pressed}
      aria-expanded={expanded}
      onClick={onClick}
    >
      <Icon d={icon} size={22} />
      {children}
    </button>
  );
}
