import type { ReactNode } from "react";
import { useT } from "../i18n/i18n.js";
import { Icon } from "./icon.js";

/** What an empty list shows: a picture, what belongs here, and what to do. */
export function EmptyState({
  icon,
  prefix,
  children,
}: {
  icon: string;
  prefix: string;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <div className="empty-state">
      <span className="empty-icon">
        <Icon d={icon} size={40} />
      </span>
      <h2>{t(`${prefix}.title`)}</h2>
      <p className="muted">{t(`${prefix}.body`)}</p>
      {children && <div className="actions">{children}</div>}
    </div>
  );
}
