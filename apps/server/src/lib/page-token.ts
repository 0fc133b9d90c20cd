import { NimbusError } from "@nimbus/protocol";

/**
 * Page tokens: opaque to clients, base64url of a short text the server reads
 * back. Every list pages by keyset (the token holds the key of the last row
 * served, the next page starts strictly after it) except a share's top level,
 * which is not a query and pages by offset. Whatever a token holds, a damaged or
 * foreign one answers `invalid_page_token`.
 */
export function makePageToken(text: string): string {
  return Buffer.from(text, "utf8").toString("base64url");
}

/** The token's text matched against `shape`; anything else is `invalid_page_token`. */
export function readPageToken(token: string, shape: RegExp, detail?: string): RegExpExecArray {
  const match = shape.exec(Buffer.from(token, "base64url").toString("utf8"));
  if (!match) throw invalidPageToken(detail);
  return match;
}

export function makeJsonPageToken(value: unknown): string {
  return makePageToken(JSON.stringify(value));
}

/** The token's JSON value, unchecked (the caller checks its shape with `invalidPageToken`). */
export function readJsonPageToken(token: string): unknown {
  try {
    return JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch {
    throw invalidPageToken();
  }
}

export function invalidPageToken(detail?: string): NimbusError {
  return new NimbusError("invalid_page_token", detail);
}

const ROW_ID = /^[0-9A-Z]{26}$/;

/** The token of a list ordered by row id (`newId`): that id. */
export function readIdPageToken(token: string): string {
  return readPageToken(token, ROW_ID)[0];
}

/**
 * One page of a keyset query asked for `limit + 1` rows: the rows to answer, and
 * the token of the next page (made from the last row answered) or "" on the last page.
 */
export function keysetPage<R>(
  rows: readonly R[],
  limit: number,
  tokenText: (last: R) => string,
): { rows: R[]; nextPageToken: string } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextPageToken: rows.length > limit && last !== undefined ? makePageToken(tokenText(last)) : "",
  };
}
