import type { ShareStatus } from "@nimbus/protocol";
import * as icons from "../components/icons.js";

/** How the share page shows a check result that is not a list (spec §4). */
export type StatusPage = "list" | "passcode" | "blocked";

export function statusPage(status: ShareStatus): StatusPage {
  if (status === "OK") return "list";
  if (status === "PASS_CODE_EMPTY" || status === "PASS_CODE_ERROR") return "passcode";
  return "blocked";
}

/** The page state's catalogue keys: `<prefix>.title` and `<prefix>.body`. */
export function statusKeys(status: ShareStatus): { title: string; body: string } {
  const camel = status.toLowerCase().replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
  const prefix = `shares.status.${camel}`;
  return { title: `${prefix}.title`, body: `${prefix}.body` };
}

const ICONS: Partial<Record<ShareStatus, string>> = {
  EXPIRED: icons.clock,
  DELETED: icons.trash,
  MAX_RESTORE_COUNT: icons.save,
  AUDITING: icons.clock,
  NOT_FOUND: icons.search,
  PASS_CODE_EMPTY: icons.lock,
  PASS_CODE_ERROR: icons.lock,
};

export function statusIcon(status: ShareStatus): string {
  return ICONS[status] ?? icons.shield;
}

/** A blocked share can still be viewed by nobody; only these leave "Report abuse" useful. */
export function canReport(status: ShareStatus): boolean {
  return status === "OK" || status === "PASS_CODE_EMPTY" || status === "PASS_CODE_ERROR";
}
