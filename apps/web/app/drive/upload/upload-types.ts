import type { FileDigests } from "./hash-protocol.js";

/**
 * Where an upload is in its life: waiting its turn, hashing (GCID + SHA-256 in the
 * worker), uploading (starting on the server, then tus), paused by the person, done
 * (bytes sent) or instant (the server already had them), failed, cancelled, or
 * needs-file: remembered from before a page reload, waiting for its file to be chosen
 * again so it can continue where it stopped.
 */
export type UploadStatus =
  | "queued"
  | "hashing"
  | "uploading"
  | "paused"
  | "done"
  | "instant"
  | "failed"
  | "cancelled"
  | "needs-file";

/** The step an upload resumes at: hash the bytes, start it on the server, or send them. */
export type UploadStage = "hash" | "start" | "send";

/** A failure as the API reports it (`apps/web/app/api/client.ts` `ApiFailure`). */
export interface UploadFailure {
  error: string;
  error_description?: string;
  status: number;
}

export interface UploadItem {
  readonly id: string;
  readonly name: string;
  readonly size: number;
  /** Path inside a folder upload (`photos/2024/a.jpg`), '' for a single file. */
  readonly relativePath: string;
  /** The folder it goes into ('' is the root). */
  readonly parentId: string;
  readonly status: UploadStatus;
  readonly stage: UploadStage;
  /** Bytes hashed so far. */
  readonly hashed: number;
  /** Bytes the server holds so far. */
  readonly uploaded: number;
  readonly bytesPerSecond: number;
  readonly failure?: UploadFailure;
  /** The drive file, once the server created it. */
  readonly fileId?: string;
}

/** A file to upload, with its place in a folder upload when it comes from one. */
export interface UploadSource {
  file: File;
  relativePath?: string;
}

export interface StartRequest {
  file: File;
  name: string;
  size: number;
  parentId: string;
  relativePath: string;
  digests: FileDigests;
}

export type StartResult =
  | { kind: "complete"; fileId: string }
  | { kind: "resumable"; fileId: string; uploadUrl: string; expiresAt: number };

/** The side effects of uploading, injected so the queue's rules are testable without a browser. */
export interface UploadTransport {
  hash(file: File, onProgress: (bytes: number) => void, signal: AbortSignal): Promise<FileDigests>;
  /** `POST /drive/v1/files`, answering an instant-upload challenge when one comes. */
  start(request: StartRequest): Promise<StartResult>;
  /** Sends the bytes the server lacks (tus: HEAD, then PATCH from its offset). */
  send(
    file: File,
    uploadUrl: string,
    onProgress: (bytes: number) => void,
    signal: AbortSignal,
  ): Promise<void>;
  /** Ends an upload on the server (tus DELETE): its bytes, pending file and reservation go. */
  cancel(uploadUrl: string): Promise<void>;
}

/** Thrown by a transport: the failure to show, and where a retry has to start again. */
export class UploadFailed extends Error {
  constructor(
    readonly failure: UploadFailure,
    readonly restartAt?: UploadStage,
  ) {
    super(failure.error_description || failure.error);
  }
}

/** What survives a page reload of an upload under way, to continue it when the file is chosen again. */
export interface ResumeRecord {
  key: string;
  name: string;
  size: number;
  lastModified: number;
  relativePath: string;
  parentId: string;
  fileId: string;
  uploadUrl: string;
  uploaded: number;
  /** When the server gives the upload up if nothing arrives (ms). */
  expiresAt: number;
}

export interface ResumeStore {
  list(now: number): ResumeRecord[];
  save(record: ResumeRecord): void;
  remove(key: string): void;
}
