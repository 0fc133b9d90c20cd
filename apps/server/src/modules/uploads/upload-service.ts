import { Readable } from "node:stream";
import {
  type CreateFileBody,
  type DriveFile,
  NimbusError,
  type Resumable,
  TUS_PROVIDER,
  type UploadChallenge,
} from "@nimbus/protocol";
import { isoTime } from "../../lib/clock.js";
import { type FileRow, validateName } from "../files/index.js";
import { commitReservedUpload } from "./commit-reserved-upload.js";
import { TUS_PATH } from "./resumable-uploads.js";
import { UploadFiling } from "./upload-filing.js";
import type { UploadKind, UploadRow } from "./uploads-repository.js";

export { CLAIM_TTL_MS, type DriveFiles, type UploadServiceDeps } from "./upload-filing.js";

/** Largest file accepted by `UPLOAD_TYPE_FORM`; bigger files go through tus. */
export const FORM_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

export interface UploadAnswer {
  upload_type: "UPLOAD_TYPE_FORM" | "UPLOAD_TYPE_RESUMABLE";
  file: DriveFile;
  form?: { url: string; maxSize: number };
  resumable?: Resumable;
  challenge?: UploadChallenge;
}

/**
 * Starting and receiving uploads of files: instant (by hash, behind a range
 * challenge), tus (resumable) and form (small files). Every upload
 * reserves its size first, so concurrent uploads never overbook the quota.
 */
export class UploadService extends UploadFiling {
  /** `POST /drive/v1/files` for a file (folders stay with the files module). */
  async create(userId: string, body: CreateFileBody): Promise<UploadAnswer> {
    if (body.challenge_id !== undefined || body.challenge_sha1 !== undefined) {
      return this.answerChallenge(userId, body);
    }
    const type = body.upload_type ?? "UPLOAD_TYPE_FORM";
    if (type === "UPLOAD_TYPE_URL")
      throw new NimbusError("unimplemented", "UPLOAD_TYPE_URL is not available");
    const size = requireSize(body.size);
    if (type === "UPLOAD_TYPE_FORM" && size > FORM_UPLOAD_MAX_BYTES) {
      throw new NimbusError("file_too_large", "too large for a form upload", {
        params: { limit: FORM_UPLOAD_MAX_BYTES },
      });
    }
    const name = validateName(body.name);
    const folders = body.relative_path ? this.targets.folderSegments(body.relative_path, name) : [];
    await this.targets.requireFolder(userId, body.parent_id);
    const kind: UploadKind = type === "UPLOAD_TYPE_FORM" ? "form" : "resumable";
    const upload = await this.start(userId, {
      parentId: body.parent_id,
      folders,
      name,
      size,
      kind,
      gcid: body.hash ?? null,
      sha256: body.sha256 ?? null,
      blockSha256: body.block_sha256 ?? null,
    });
    const now = this.deps.clock.now();

    if (kind === "form") {
      const url = `${this.deps.config.publicUrl}/drive/v1/upload/form/${upload.file_id}`;
      return {
        upload_type: "UPLOAD_TYPE_FORM",
        file: await this.present(upload),
        form: { url, maxSize: size },
      };
    }
    // Every declared hash gets a challenge, stored bytes or not: the answer to a
    // start never tells whether the server holds them.
    const challenge = body.hash && size > 0 ? await this.instant.issueChallenge(upload, now) : undefined;
    if (size === 0) {
      return {
        upload_type: "UPLOAD_TYPE_RESUMABLE",
        file: await this.completed(await this.receiveEmpty(upload)),
      };
    }
    try {
      await this.resumable.open(upload);
    } catch (error) {
      await this.resumable.cancel(upload);
      throw error;
    }
    return {
      upload_type: "UPLOAD_TYPE_RESUMABLE",
      file: await this.present(upload),
      resumable: this.resumableOf(upload),
      ...(challenge && { challenge }),
    };
  }

  /** Streams the bytes of a pending form upload into the blob store and completes the file. */
  async receiveForm(userId: string, fileId: string, body: Readable, hash?: string): Promise<DriveFile> {
    const upload = await this.repository.findByFile(userId, fileId);
    if (!upload) {
      const file = await this.deps.files.findOwned(userId, fileId);
      if (file?.kind !== "drive#file") throw new NimbusError("file_not_found");
      throw new NimbusError("upload_not_found", "no upload in progress for this file");
    }
    if (upload.kind !== "form") throw new NimbusError("upload_not_found", "this file uploads through tus");
    if (upload.state !== "active") throw new NimbusError("upload_not_found", "upload already completed");
    const stored = await this.deps.blobs.put(body, { size: upload.size });
    const now = this.deps.clock.now();
    const row = await commitReservedUpload(this.deps.db, this.deps.blobs, upload, stored, now, {
      declaredHash: hash ?? upload.declared_gcid,
    });
    return this.completed(row);
  }

  private async answerChallenge(userId: string, body: CreateFileBody): Promise<UploadAnswer> {
    if (!body.challenge_id || !body.challenge_sha1) {
      throw new NimbusError("invalid_argument", "challenge_id and challenge_sha1 go together", {
        metadata: { field: body.challenge_id ? "challenge_sha1" : "challenge_id" },
      });
    }
    const now = this.deps.clock.now();
    const upload = await this.instant.verify(userId, body.challenge_id, body.challenge_sha1, now);
    const done = await this.instant.complete(upload, now);
    if (!done) {
      // The stored copy went away meanwhile: the upload stays open for the bytes.
      return {
        upload_type: "UPLOAD_TYPE_RESUMABLE",
        file: await this.present(upload),
        resumable: this.resumableOf(upload),
      };
    }
    await this.resumable.drop(upload.id);
    return { upload_type: "UPLOAD_TYPE_RESUMABLE", file: await this.completed(done) };
  }

  private async receiveEmpty(upload: UploadRow): Promise<FileRow> {
    const stored = await this.deps.blobs.put(Readable.from([]), { size: 0 });
    return commitReservedUpload(this.deps.db, this.deps.blobs, upload, stored, this.deps.clock.now());
  }

  private resumableOf(upload: UploadRow): Resumable {
    return {
      kind: "drive#resumable",
      provider: TUS_PROVIDER,
      params: {
        url: this.resumable.urlOf(upload.id),
        endpoint: `${this.deps.config.publicUrl}${TUS_PATH}`,
        upload_id: upload.id,
        expires_at: isoTime(upload.expires_at),
      },
    };
  }
}

function requireSize(value: string | number | undefined): number {
  const size = value === undefined ? Number.NaN : Number(value);
  if (!Number.isSafeInteger(size) || size < 0) {
    throw new NimbusError("invalid_argument", "size is required", { metadata: { field: "size" } });
  }
  return size;
}
