import {
  FILE_KIND,
  MIME_CATEGORIES,
  type MimeCategory,
  NimbusError,
  PHASES,
  type Phase,
} from "@nimbus/protocol";

/**
 * The `filters` JSON query of file lists. Fields and operators:
 * `trashed` eq · `starred` eq · `kind` eq/in · `phase` eq/in · `mime_category`
 * eq/in (image, video, audio, document, archive, torrent) · `modified_time` and
 * `created_time` gt/lt (ISO 8601 or epoch ms) · `name` contains/eq (case-insensitive).
 * An `eq` gives a single value, an `in` an array.
 */
export interface FileFilters {
  trashed?: boolean;
  starred?: boolean;
  kind?: string | string[];
  phase?: Phase | Phase[];
  mime_category?: MimeCategory | MimeCategory[];
  modified_after?: number;
  modified_before?: number;
  created_after?: number;
  created_before?: number;
  name_contains?: string;
  name_eq?: string;
}

export const FILTER_FIELDS = [
  "trashed",
  "starred",
  "kind",
  "phase",
  "mime_category",
  "modified_time",
  "created_time",
  "name",
] as const;

const KINDS: readonly string[] = [FILE_KIND.file, FILE_KIND.folder];
const MAX_IN = 50;

/** Parses `{"trashed":{"eq":false},"phase":{"in":["PHASE_TYPE_COMPLETE"]}}`; anything else is `invalid_filters`. */
export function parseFilters(raw: string | undefined): FileFilters {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new NimbusError("invalid_filters", "filters is not JSON");
  }
  if (!isObject(value)) throw new NimbusError("invalid_filters", "filters must be an object");
  const filters: FileFilters = {};
  for (const [field, condition] of Object.entries(value)) {
    if (!isObject(condition) || Object.keys(condition).length === 0)
      throw invalid(field, "needs an operator");
    for (const [op, operand] of Object.entries(condition)) applyCondition(filters, field, op, operand);
  }
  return filters;
}

function applyCondition(filters: FileFilters, field: string, op: string, operand: unknown): void {
  switch (field) {
    case "trashed":
    case "starred":
      if (op !== "eq" || typeof operand !== "boolean") throw invalid(field, "supports eq with true or false");
      filters[field] = operand;
      return;
    case "kind":
      filters.kind = oneOrMany(
        field,
        op,
        operand,
        (v): v is string => typeof v === "string" && KINDS.includes(v),
      );
      return;
    case "phase":
      filters.phase = oneOrMany(field, op, operand, (v): v is Phase =>
        (PHASES as readonly unknown[]).includes(v),
      );
      return;
    case "mime_category":
      filters.mime_category = oneOrMany(field, op, operand, (v): v is MimeCategory =>
        (MIME_CATEGORIES as readonly unknown[]).includes(v),
      );
      return;
    case "modified_time":
    case "created_time": {
      const prefix = field === "modified_time" ? "modified" : "created";
      if (op !== "gt" && op !== "lt") throw invalid(field, "supports gt and lt");
      filters[`${prefix}_${op === "gt" ? "after" : "before"}`] = timeOf(field, operand);
      return;
    }
    case "name":
      if ((op !== "contains" && op !== "eq") || typeof operand !== "string" || operand.length === 0) {
        throw invalid(field, "supports contains and eq with a non-empty string");
      }
      if (operand.length > 255) throw invalid(field, "too long");
      if (op === "contains") filters.name_contains = operand;
      else filters.name_eq = operand;
      return;
    default:
      throw invalid(field, "unsupported field");
  }
}

function oneOrMany<T>(field: string, op: string, operand: unknown, valid: (v: unknown) => v is T): T | T[];
function oneOrMany(field: string, op: string, operand: unknown, valid: (v: unknown) => boolean): unknown {
  if (op === "eq") {
    if (!valid(operand)) throw invalid(field, "unsupported value");
    return operand;
  }
  if (op === "in") {
    if (!Array.isArray(operand) || operand.length === 0 || operand.length > MAX_IN || !operand.every(valid)) {
      throw invalid(field, "in needs a non-empty array of supported values");
    }
    return [...new Set(operand)];
  }
  throw invalid(field, "supports eq and in");
}

function timeOf(field: string, operand: unknown): number {
  const ms =
    typeof operand === "number" ? operand : typeof operand === "string" ? Date.parse(operand) : Number.NaN;
  if (!Number.isSafeInteger(ms)) throw invalid(field, "needs an ISO 8601 time or epoch milliseconds");
  return ms;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function invalid(field: string, reason: string): NimbusError {
  return new NimbusError("invalid_filters", `${field}: ${reason}`, { metadata: { field, reason } });
}
