import type { BlockDigests } from "./block-digests.js";

/** Messages between the page and the hashing worker (`hash-worker.ts`). */
export type HashRequest =
  | { type: "hash"; id: number; file: Blob }
  | { type: "cancel"; id: number }
  /** From the worker to its helper: digest blocks `from`..`to - 1` only. */
  | { type: "blocks"; id: number; file: Blob; from: number; to: number };

export type HashReply =
  | { type: "progress"; id: number; bytes: number }
  | { type: "done"; id: number; gcid: string; blockSha256: string }
  | { type: "blocks"; id: number; digests: BlockDigests | undefined }
  | { type: "error"; id: number; message: string };

export interface FileDigests {
  /** GCID, uppercase hex (the instant-upload key). */
  gcid: string;
  /**
   * Block SHA-256, lowercase hex (SHA-256 over the SHA-256 of each GCID block, decision 0071):
   * the server matches it too, so a SHA-1 collision cannot claim a file.
   */
  blockSha256: string;
}
