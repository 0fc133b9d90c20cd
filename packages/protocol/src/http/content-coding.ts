/** The content codings Nimbus compresses with, best first. */
export type ContentCoding = "br" | "gzip";

const PREFERENCE: readonly ContentCoding[] = ["br", "gzip"];

/**
 * The coding to answer with for an `Accept-Encoding` header (RFC 9110 §12.5.3): the
 * best of ours the client accepts with a non-zero weight, ties going to brotli; none
 * when the header is absent or refuses both. `*` stands for codings not named.
 */
export function preferredContentCoding(acceptEncoding: string | null | undefined): ContentCoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  let best: ContentCoding | undefined;
  let bestWeight = 0;
  for (const coding of PREFERENCE) {
    const weight = weights.get(coding) ?? weights.get("*") ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
