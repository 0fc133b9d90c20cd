import path from "node:path";
import { MediaTools } from "./lib/media-tools.js";
import { Sealer } from "./lib/sealed.js";
import { ArchiveExtractor } from "./modules/archives/archive-extractor.js";
import { ArchiveService, DECOMPRESS_JOB, type DecompressJob } from "./modules/archives/archive-service.js";
import { ExtractCommit } from "./modules/archives/extract-commit.js";
import { DownloadTraffic } from "./modules/downloads/download-traffic.js";
import { ZipPlanner } from "./modules/downloads/zip-service.js";
import { MediaStreams } from "./modules/playback/media-streams.js";
import { PlaybackPlans } from "./modules/playback/playback-plans.js";
import { PlaybackService } from "./modules/playback/playback-service.js";
import { SegmentCache } from "./modules/playback/segment-cache.js";
import { SourceFiles } from "./modules/playback/source-files.js";
import { PreviewService } from "./modules/previews/preview-service.js";
import { BlobCrcs } from "./modules/space/blob-crcs.js";
import type { Shared } from "./services.js";

/** Downloads (traffic, zips), previews and archives. */
export interface MediaServices {
  traffic: DownloadTraffic;
  zips: ZipPlanner;
  previews: PreviewService;
  archives: ArchiveService;
  /** The programs behind video, PDF and archive previews, and which kinds this server can make. */
  mediaTools: MediaTools;
  /** Every stream of a media file (probed again on demand when stored before they were kept). */
  mediaStreams: MediaStreams;
  /** Playback plans (decision 0060); subtitles, positions and track choices plug in with `useHooks`. */
  playbackPlans: PlaybackPlans;
  playback: PlaybackService;
  /** Local paths of blobs for ffmpeg (S3: one cached copy per node). */
  sourceFiles: SourceFiles;
  /** HLS segments by blob and profile, and S3 source copies, under one size cap. */
  playbackCache: SegmentCache;
}

/** Builds them and registers their job handlers (`previews.generate`, `archives.decompress`). */
export function wireMedia(shared: Shared): MediaServices {
  const { db, blobs, jobs, clock, config, tasks, taskJobs } = shared;
  const files = shared.filesRepository;
  const tempDir = path.join(config.dataDir, "tmp");
  const sealer = new Sealer(config.secretKey, "archive-password");
  const mediaTools = new MediaTools({ bundled: config.mediaToolsBundled });
  const tools = mediaTools;
  const previews = new PreviewService({ store: shared.previewStore, blobs, jobs, clock, tempDir, tools });
  const archives = new ArchiveService({ db, files, blobs, taskJobs, sealer, clock, config, tools });
  const extractor = new ArchiveExtractor({
    db,
    archives,
    commit: new ExtractCommit(db, files, config.quota, blobs),
    blobs,
    tasks,
    sealer,
    clock,
    onFileAdded: (file) => previews.onFileCompleted(file),
  });
  taskJobs.register<DecompressJob>({
    type: DECOMPRESS_JOB,
    repeatable: false, // it adds files as it goes: a second run would add them again
    concurrency: config.archives.extractConcurrency,
    perGroup: config.archives.extractPerUser,
    run: (job, context) => extractor.run(job, context.signal),
    release: (job) => extractor.release(job),
  });
  const playbackCache = new SegmentCache(
    path.join(config.dataDir, "playback"),
    config.playback.cacheBytes,
    clock,
  );
  const sourceFiles = new SourceFiles(blobs, playbackCache);
  const mediaStreams = new MediaStreams({ store: shared.previewStore, tools, sources: sourceFiles, clock });
  const playbackPlans = new PlaybackPlans({
    streams: mediaStreams,
    links: shared.links,
    memberships: shared.memberships,
    clock,
    publicUrl: config.publicUrl,
    policy: { freeMaxHeight: config.playback.freeMaxHeight },
  });
  return {
    mediaStreams,
    playbackPlans,
    playback: new PlaybackService({ plans: playbackPlans, files, users: shared.users }),
    sourceFiles,
    playbackCache,
    traffic: new DownloadTraffic(db, clock, config),
    zips: new ZipPlanner(db, blobs, new BlobCrcs(db)),
    previews,
    archives,
    mediaTools,
  };
}
