import { NimbusError } from "@nimbus/protocol";

/**
 * Keyset cursor: the sort key of the last row served. Because the next page
 * starts strictly after it, rows added or removed meanwhile never shift a page.
 */
export interface Cursor {
  name: string;
  id: string;
}

export function encodePageToken(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.name, cursor.id]), "utf8").toString("base64url");
}

export function decodePageToken(token: string | undefined): Cursor | undefined {
  if (!token) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2) {
      const [name, id] = value;
      if (typeof name === "string" && typeof id === "string") return { name, id };
    }
  } catch {
    // fall through to the error below
  }
  throw new NimbusError("invalid_page_token");
}
