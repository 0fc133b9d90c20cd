import { DriveEvents } from "./modules/events/drive-events.js";
import { FileOperations } from "./modules/files/file-operations.js";
import { FilesRepository } from "./modules/files/files-repository.js";
import { PreviewStore } from "./modules/previews/preview-store.js";
import type { BlobCollectionHook } from "./modules/space/blob-gc.js";
import { registerSpaceJobs } from "./modules/space/space-jobs.js";
import { TaskService } from "./modules/tasks/task-service.js";
import type { AppDeps } from "./services.js";

/** The files engine: tree operations, tasks, the activity feed and the space maintenance jobs. */
export interface DriveServices {
  events: DriveEvents;
  tasks: TaskService;
  operations: FileOperations;
}

export interface DriveWiring {
  /** Extra clean-up when GC deletes a blob (e.g. its thumbnails). */
  blobHooks?: readonly BlobCollectionHook[];
}

export function wireDrive(deps: AppDeps, wiring: DriveWiring = {}): DriveServices {
  const { db } = deps.database;
  const events = new DriveEvents(db, deps.clock);
  const tasks = new TaskService(db, deps.clock);
  const operations = new FileOperations({
    db,
    files: new FilesRepository(db),
    events,
    tasks,
    jobs: deps.jobs,
    clock: deps.clock,
    config: deps.config,
  });
  operations.registerJobs();
  registerSpaceJobs({
    db,
    blobs: deps.blobs,
    clock: deps.clock,
    jobs: deps.jobs,
    operations,
    events,
    config: deps.config,
    blobHooks: wiring.blobHooks ?? [previewsHook(new PreviewStore(db), deps)],
  });
  return { events, tasks, operations };
}

/** GC lets go of a blob's thumbnails and media facts first (decision 0006: `PreviewStore.forget`). */
function previewsHook(store: PreviewStore, deps: AppDeps): BlobCollectionHook {
  return { beforeDelete: (db, gcid) => store.forget(gcid, deps.clock.now(), db) };
}
