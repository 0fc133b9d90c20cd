export const STORAGE_UNITS = ["B", "KB", "MB", "GB", "TB", "PB"] as const;
export const STORAGE_STEP = 1024;
/** Shown instead of a size that is not a number. */
export const NOT_A_SIZE = "*";

/**
 * A byte count from a number or a decimal string (the API sends int64 values as
 * strings). Negative, non-finite and non-numeric values are not sizes.
 */
export function toByteCount(value: unknown): number | undefined {
  const number = typeof value === "string" && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) && number >= 0 ? number : undefined;
}

/**
 * A size for display (spec §5): divided by 1024 through B, KB, MB, GB, TB, PB,
 * with at most `fractionDigits` decimals and no trailing zeros; `*` for a non-number.
 */
export function formatStorage(
  value: unknown,
  { fractionDigits = 2 }: { fractionDigits?: number } = {},
): string {
  const bytes = toByteCount(value);
  if (bytes === undefined) return NOT_A_SIZE;
  let amount = bytes;
  let unit = 0;
  const round = (n: number) => Number(n.toFixed(unit === 0 ? 0 : fractionDigits));
  // Rounding can reach 1024 (1023.999 KB): that is the next unit.
  while (unit < STORAGE_UNITS.length - 1 && round(amount) >= STORAGE_STEP) {
    amount /= STORAGE_STEP;
    unit += 1;
  }
  return `${round(amount)} ${STORAGE_UNITS[unit]}`;
}
