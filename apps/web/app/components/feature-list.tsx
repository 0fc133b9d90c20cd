import { useT } from "../i18n/i18n.js";
import { Icon } from "./icon.js";

/** Icon, title and text per feature, from `<prefix>.<id>.title|body`. */
export function FeatureList({
  prefix,
  items,
}: {
  prefix: string;
  items: ReadonlyArray<[id: string, icon: string]>;
}) {
  const t = useT();
  return (
    <ul className="feature-grid">
      {items.map(([id, icon]) => (
        <li key={id} className="feature">
          <span className="feature-icon">
            <Icon d={icon} size={24} />
          </span>
          <h3>{t(`${prefix}.${id}.title`)}</h3>
          <p>{t(`${prefix}.${id}.body`)}</p>
        </li>
      ))}
    </ul>
  );
}
