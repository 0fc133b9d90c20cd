import { formatBytes } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import type { LinkInfo } from "../site/link-kind.js";

/** What the URL checker learned about a link, as a description list. */
export function LinkDetails({
  info,
  withName = true,
}: {
  info: Exclude<LinkInfo, { kind: "invalid" }>;
  /** False once the server named the file (its details say it): one "File name" row, not two. */
  withName?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const rows: Array<[string, string | undefined]> =
    info.kind === "http"
      ? [
          ["urlChecker.field.host", info.host],
          ["urlChecker.field.name", info.name],
        ]
      : info.kind === "magnet"
        ? [
            ["urlChecker.field.name", info.name],
            ["urlChecker.field.hash", info.hash],
          ]
        : info.kind === "ed2k"
          ? [
              ["urlChecker.field.name", info.name],
              ["urlChecker.field.size", info.size === undefined ? undefined : formatBytes(info.size, locale)],
            ]
          : [
              [
                "urlChecker.field.target",
                info.target && "url" in info.target ? info.target.url : t("urlChecker.undecodable"),
              ],
            ];
  return (
    <dl className="details">
      {rows
        .filter((row): row is [string, string] => row[1] !== undefined)
        .filter(([key]) => withName || key !== "urlChecker.field.name")
        .map(([key, value]) => (
          <div key={key}>
            <dt>{t(key)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
