/** Messages between the page and the hashing worker (`hash-worker.ts`). */
export type HashRequest = { type: "hash"; id: number; file: Blob } | { type: "cancel"; id: number };

export type HashReply =
  | { type: "progress"; id: number; bytes: number }
  | { type: "done"; id: number; gcid: string; sha256: string }
  | { type: "error"; id: number; message: string };

export interface FileDigests {
  /** GCID, uppercase hex (the instant-upload key). */
  gcid: string;
  /** SHA-256, lowercase hex: the server matches both, so a SHA-1 collision cannot claim a file. */
  sha256: string;
}
