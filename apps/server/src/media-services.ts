import path from "node:path";
import { Sealer } from "./lib/sealed.js";
import { ArchiveExtractor } from "./modules/archives/archive-extractor.js";
import { ArchiveService, DECOMPRESS_JOB, type DecompressJob } from "./modules/archives/archive-service.js";
import { ExtractCommit } from "./modules/archives/extract-commit.js";
import { DownloadTraffic } from "./modules/downloads/download-traffic.js";
import { ZipPlanner } from "./modules/downloads/zip-service.js";
import { FilesRepository } from "./modules/files/files-repository.js";
import { PreviewService } from "./modules/previews/preview-service.js";
import { PreviewStore } from "./modules/previews/preview-store.js";
import { TaskService } from "./modules/tasks/task-service.js";
import type { AppDeps } from "./services.js";

/** Downloads (traffic, zips), previews and archives: the services issue 5's items 3 and 4 add. */
export interface MediaServices {
  traffic: DownloadTraffic;
  zips: ZipPlanner;
  previews: PreviewService;
  archives: ArchiveService;
}

/** Builds them and registers their job handlers on `deps.jobs`. */
export function wireMedia(deps: AppDeps): MediaServices {
  const { db } = deps.database;
  const tempDir = path.join(deps.config.dataDir, "tmp");
  const files = new FilesRepository(db);
  const tasks = new TaskService(db, deps.clock);
  const sealer = new Sealer(deps.config.secretKey, "archive-password");
  const previews = new PreviewService({
    store: new PreviewStore(db),
    blobs: deps.blobs,
    jobs: deps.jobs,
    clock: deps.clock,
    tempDir,
  });
  const archives = new ArchiveService({
    db,
    files,
    blobs: deps.blobs,
    jobs: deps.jobs,
    tasks,
    sealer,
    config: deps.config,
  });
  const extractor = new ArchiveExtractor({
    archives,
    commit: new ExtractCommit(db, files, deps.config.quota, deps.blobs),
    blobs: deps.blobs,
    tasks,
    sealer,
    clock: deps.clock,
    onFileAdded: (file) => previews.onFileCompleted(file),
  });
  deps.jobs.register<DecompressJob>(DECOMPRESS_JOB, (job, context) => extractor.run(job, context));
  return {
    traffic: new DownloadTraffic(db, deps.clock, deps.config),
    zips: new ZipPlanner(db, deps.blobs),
    previews,
    archives,
  };
}
