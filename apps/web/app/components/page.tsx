import { type ReactNode, useId } from "react";
import { useT } from "../i18n/i18n.js";

/** A content page: its localized heading (the page's one h1) and lead, then its content. */
export function Page({
  name,
  className,
  children,
}: {
  name: string;
  className?: string;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <main className={className ? `page ${className}` : "page"} id="main">
      <h1>{t(`page.${name}.title`)}</h1>
      <p className="lead">{t(`page.${name}.lead`)}</p>
      {children}
    </main>
  );
}

/** A titled block of a page. */
export function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  const auto = useId();
  const headingId = `${id ?? auto}-title`;
  return (
    <section className="section" aria-labelledby={headingId} id={id}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

/** A numbered list of steps from catalogue keys. */
export function Steps({ keys }: { keys: readonly string[] }) {
  const t = useT();
  return (
    <ol className="steps">
      {keys.map((key) => (
        <li key={key}>{t(key)}</li>
      ))}
    </ol>
  );
}
