import { NimbusError, PHASES, type Phase } from "@nimbus/protocol";

/**
 * `filters` of the task list: `{"phase":{"eq":"PHASE_TYPE_RUNNING"}}` or
 * `{"phase":{"in":["PHASE_TYPE_PENDING","PHASE_TYPE_RUNNING"]}}` (a comma-separated
 * string is accepted for `in`, as public clients send it).
 */
export function parseTaskFilters(raw: string | undefined): { phases?: Phase[] } {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new NimbusError("invalid_filters", "filters is not JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new NimbusError("invalid_filters", "filters must be an object");
  }
  const phases: Phase[] = [];
  for (const [field, condition] of Object.entries(value)) {
    if (field !== "phase" || typeof condition !== "object" || condition === null) {
      throw invalid(field, "only phase is supported");
    }
    for (const [op, operand] of Object.entries(condition as Record<string, unknown>)) {
      const values =
        op === "eq"
          ? [operand]
          : op === "in"
            ? typeof operand === "string"
              ? operand.split(",").map((s) => s.trim())
              : operand
            : undefined;
      if (!Array.isArray(values) || values.length === 0 || !values.every(isPhase)) {
        throw invalid(field, "phase supports eq and in with task phases");
      }
      phases.push(...values);
    }
  }
  return phases.length > 0 ? { phases: [...new Set(phases)] } : {};
}

function isPhase(value: unknown): value is Phase {
  return (PHASES as readonly unknown[]).includes(value);
}

function invalid(field: string, reason: string): NimbusError {
  return new NimbusError("invalid_filters", `${field}: ${reason}`, { metadata: { field, reason } });
}
