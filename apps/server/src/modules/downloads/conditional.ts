/** Validators of a representation: a strong ETag and a last-modified time (epoch ms). */
export interface Validators {
  etag: string;
  lastModified: number;
}

export interface ConditionalHeaders {
  ifMatch?: string | undefined;
  ifUnmodifiedSince?: string | undefined;
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
  ifRange?: string | undefined;
}

/** HTTP dates carry whole seconds only. */
const seconds = (ms: number) => Math.floor(ms / 1000);

function parseHttpDate(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Weak comparison (RFC 9110 §8.8.3.2), as If-None-Match requires; `*` matches any. */
function noneMatchHits(header: string, etag: string): boolean {
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === opaque);
}

/** Strong comparison (RFC 9110 §8.8.3.2), as If-Match requires; `*` matches any current representation. */
function matchHits(header: string, etag: string): boolean {
  if (header.trim() === "*") return true;
  if (etag.startsWith("W/")) return false;
  return header.split(",").some((candidate) => candidate.trim() === etag);
}

/**
 * Whether the request answers 412 Precondition Failed (RFC 9110 §13.2.2, steps 1–2),
 * evaluated before If-None-Match and If-Modified-Since: If-Match must name the
 * current entity tag (strongly); only without it, If-Unmodified-Since must not be
 * older than Last-Modified. An unparsable date is ignored, as the RFC asks.
 */
export function preconditionFailed(headers: ConditionalHeaders, validators: Validators): boolean {
  if (headers.ifMatch !== undefined) return !matchHits(headers.ifMatch, validators.etag);
  const since = parseHttpDate(headers.ifUnmodifiedSince);
  return since !== undefined && seconds(validators.lastModified) > seconds(since);
}

/**
 * Whether a GET or HEAD answers 304 Not Modified (RFC 9110 §13.2.2): If-None-Match
 * decides when present; only without it does If-Modified-Since count.
 */
export function isNotModified(headers: ConditionalHeaders, validators: Validators): boolean {
  if (headers.ifNoneMatch !== undefined) return noneMatchHits(headers.ifNoneMatch, validators.etag);
  const since = parseHttpDate(headers.ifModifiedSince);
  return since !== undefined && seconds(validators.lastModified) <= seconds(since);
}

/**
 * Whether a `Range` may be honoured given `If-Range` (RFC 9110 §13.1.5): an
 * entity tag must match strongly, a date must equal Last-Modified exactly.
 * When it does not, the whole representation is sent with 200.
 */
export function rangeStillValid(ifRange: string | undefined, validators: Validators): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith("W/")) {
    return !value.startsWith("W/") && !validators.etag.startsWith("W/") && value === validators.etag;
  }
  const date = parseHttpDate(value);
  return date !== undefined && seconds(date) === seconds(validators.lastModified);
}
