import type { ReactNode } from "react";

/**
 * A console list's table: it scrolls sideways inside its card on a phone, is named for
 * screen readers by `caption` (not shown), and takes its rows as children. A column
 * heading only screen readers should hear (an actions column) is `{ hidden: label }`.
 */
export function ConsoleTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: ReadonlyArray<string | { hidden: string }>;
  children: ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table className="console-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={typeof column === "string" ? column : `hidden:${column.hidden}`}>
                {typeof column === "string" ? (
                  column
                ) : (
                  <span className="visually-hidden">{column.hidden}</span>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
