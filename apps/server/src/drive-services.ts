import { FileOperations, FilesService } from "./modules/files/index.js";
import { positionLookup } from "./modules/playback/playback-positions.js";
import type { PreviewService } from "./modules/previews/preview-service.js";
import type { BlobCollectionHook } from "./modules/space/blob-gc.js";
import { registerSpaceJobs } from "./modules/space/space-jobs.js";
import { scheduleUploadExpiry } from "./modules/uploads/upload-expiry.js";
import { UploadService } from "./modules/uploads/upload-service.js";
import type { Shared } from "./services.js";

/** The files engine: browsing, tree operations, uploads (the activity feed and tasks are in `Shared`). */
export interface DriveServices {
  files: FilesService;
  operations: FileOperations;
  uploads: UploadService;
}

/** Builds the files engine and registers its jobs: `files.copy`, space maintenance, upload expiry. */
export function wireDrive(shared: Shared, previews: PreviewService): DriveServices {
  const { db, blobs, clock, config, jobs, events, taskJobs, users, links, previewStore } = shared;
  const repository = shared.filesRepository;
  const files = new FilesService({
    db,
    users,
    files: repository,
    blobs,
    links,
    clock,
    config,
    events,
    previews,
    positions: positionLookup(db),
  });
  const operations = new FileOperations({ db, files: repository, events, taskJobs, clock, config });
  operations.registerJobs();
  // GC lets go of a blob's thumbnails and media facts first (decision 0006: `PreviewStore.forget`).
  const forgetPreviews: BlobCollectionHook = {
    beforeDelete: (tx, gcid) => previewStore.forget(gcid, clock.now(), tx),
  };
  registerSpaceJobs({ db, blobs, clock, jobs, operations, events, config, blobHooks: [forgetPreviews] });
  const uploads = new UploadService({
    db,
    users,
    files: repository,
    drive: files,
    blobs,
    clock,
    config,
    events,
    locks: shared.locks,
    onStorageFull: () => shared.dataVolume.full(),
    onFileCompleted: (file) => previews.onFileCompleted(file),
  });
  scheduleUploadExpiry(jobs, {
    uploads: uploads.repository,
    resumable: uploads.resumable,
    clock,
    expiryMs: config.uploads.expiryMs,
  });
  return { files, operations, uploads };
}
