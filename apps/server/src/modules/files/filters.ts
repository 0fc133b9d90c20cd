import { FILE_KIND, NimbusError, PHASES, type Phase } from "@nimbus/protocol";

/** The subset of the `filters` JSON query this version understands. */
export interface FileFilters {
  trashed?: boolean;
  phase?: Phase;
  kind?: string;
}

const KINDS: readonly string[] = [FILE_KIND.file, FILE_KIND.folder];

/** Parses `{"trashed":{"eq":false},"phase":{"eq":"PHASE_TYPE_COMPLETE"}}`; anything else is `invalid_filters`. */
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
    if (!isObject(condition) || !("eq" in condition) || Object.keys(condition).length !== 1) {
      throw invalid(field, "only the eq operator is supported");
    }
    const eq = condition.eq;
    if (field === "trashed" && typeof eq === "boolean") filters.trashed = eq;
    else if (field === "phase" && (PHASES as readonly unknown[]).includes(eq)) filters.phase = eq as Phase;
    else if (field === "kind" && typeof eq === "string" && KINDS.includes(eq)) filters.kind = eq;
    else throw invalid(field, "unsupported field or value");
  }
  return filters;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function invalid(field: string, reason: string): NimbusError {
  return new NimbusError("invalid_filters", `${field}: ${reason}`, { metadata: { field, reason } });
}
