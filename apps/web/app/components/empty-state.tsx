import type { ReactNode } from "react";
import { useT } from "../i18n/i18n.js";
import { Icon } from "./icon.js";

/**
 * What an empty list shows: a picture, what belongs here, and what to do next.
 * `params` fill the body's placeholders; `level` keeps the heading in its page's outline
 * (a level-3 state sits inside a card, so it is drawn smaller).
 */
export function EmptyState({
  icon,
  prefix,
  params,
  level = 2,
  children,
}: {
  icon: string;
  prefix: string;
  params?: Record<string, string | number>;
  level?: 2 | 3;
  children?: ReactNode;
}) {
  const t = useT();
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div className={level === 2 ? "empty-state" : "empty-state empty-compact"}>
      <span className="empty-icon">
        <Icon d={icon} size={level === 2 ? 40 : 28} />
      </span>
      <Heading>{t(`${prefix}.title`)}</Heading>
      <p className="muted">{t(`${prefix}.body`, params)}</p>
      {children && <div className="actions">{children}</div>}
    </div>
  );
}
