import type { ReactNode } from "react";
import { useT } from "../i18n/i18n.js";

/** A content page: its localized heading and lead, then the page's own content. */
export function Page({ name, children }: { name: string; children?: ReactNode }) {
  const t = useT();
  return (
    <main className="page" id="main">
      <h1>{t(`page.${name}.title`)}</h1>
      <p className="lead">{t(`page.${name}.lead`)}</p>
      {children}
    </main>
  );
}
