import { open } from "node:fs/promises";
import { Readable } from "node:stream";
import { NimbusError, type ThumbnailSize } from "@nimbus/protocol";
import type { BlobStore } from "../../blobs/blob-store.js";
import { localCopy } from "../../blobs/local-copy.js";
import type { JobContext, JobQueue } from "../../jobs/job-queue.js";
import type { Clock } from "../../lib/clock.js";
import type { MediaTools } from "../../lib/media-tools.js";
import { type MediaInfo, probeMedia } from "./media-probe.js";
import { renderPdfPage } from "./pdf-page.js";
import type { BlobPreview, PreviewStore } from "./preview-store.js";
import {
  THUMBNAIL_BOXES,
  THUMBNAIL_MIME_TYPE,
  type Thumbnail,
  textThumbnails,
  thumbnailsOf,
  videoFrame,
} from "./thumbnailer.js";

/** The first bytes of a file (a text thumbnail needs no more). */
async function readHead(file: string, bytes = 4096): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The job that probes a blob and makes its thumbnails. */
export const PREVIEW_JOB = "previews.generate";

export interface PreviewJob {
  gcid: string;
  mimeType: string;
}

/** The parts of a completed file previews need. */
export interface CompletedFile {
  blob_gcid: string | null;
  mime_type: string;
}

export interface PreviewServiceDeps {
  store: PreviewStore;
  blobs: BlobStore;
  jobs: JobQueue;
  clock: Clock;
  /** Where blobs of a remote store are copied for ffmpeg and sharp. */
  tempDir: string;
  /** Finds ffmpeg, ffprobe and the PDF renderer (the system's, else the bundled ones). */
  tools: MediaTools;
}

type Kind = "image" | "video" | "audio" | "text" | "pdf";

/** Types whose first lines make a thumbnail besides `text/*`. */
const TEXT_TYPES = new Set(["application/json", "application/xml", "application/javascript"]);

/** Images (not SVG: a document, not a picture), video, audio, text and PDF get previews. */
export function previewKind(mimeType: string): Kind | undefined {
  if (mimeType.startsWith("image/") && mimeType !== "image/svg+xml") return "image";
  if (mimeType === "application/pdf") return "pdf";
  if (mimeType.startsWith("text/") || TEXT_TYPES.has(mimeType)) return "text";
  if (mimeType.startsWith("video/")) return "video";
  if (mimeType.startsWith("audio/")) return "audio";
  return undefined;
}

/**
 * Thumbnails and media facts, made once per blob (so every file sharing the
 * bytes shares them) by a job enqueued when a file completes.
 */
export class PreviewService {
  constructor(private readonly deps: PreviewServiceDeps) {
    deps.jobs.register<PreviewJob>(PREVIEW_JOB, (job, context) => this.generate(job, context), {
      concurrency: 2,
    });
  }

  /** Call when a file's bytes are committed: enqueues its preview job (once per blob). */
  async onFileCompleted(file: CompletedFile): Promise<void> {
    if (!file.blob_gcid || !previewKind(file.mime_type)) return;
    if (await this.deps.store.isProcessed(file.blob_gcid)) return;
    const job: PreviewJob = { gcid: file.blob_gcid, mimeType: file.mime_type };
    await this.deps.jobs.enqueue(PREVIEW_JOB, job, { key: `${PREVIEW_JOB}:${file.blob_gcid}` });
  }

  lookup(gcids: readonly string[]): Promise<Map<string, BlobPreview>> {
    return this.deps.store.lookup(gcids);
  }

  thumbnail(gcid: string, size: ThumbnailSize) {
    return this.deps.store.thumbnail(gcid, size);
  }

  private async generate(job: PreviewJob, context: JobContext): Promise<void> {
    const kind = previewKind(job.mimeType);
    if (!kind || (await this.deps.store.isProcessed(job.gcid))) return;
    const { tools } = this.deps;
    const ffprobe = kind === "video" || kind === "audio" ? tools.find("ffprobe") : undefined;
    const pdf = kind === "pdf" ? tools.pdfRenderer() : undefined;
    // A kind whose program this server has not got is left unprocessed (not "failed"): the
    // next upload of the same bytes, once it is set up, makes its preview.
    if ((kind === "video" || kind === "audio") && !ffprobe) return;
    if (kind === "pdf" && !pdf) return;
    const { path: file, release } = await localCopy(this.deps.blobs, job.gcid, this.deps.tempDir);
    try {
      let media: MediaInfo | undefined;
      if (ffprobe) media = await probeMedia(ffprobe, file, context.signal);
      let thumbnails: Thumbnail[] = [];
      if (kind === "image") thumbnails = await thumbnailsOf(file).catch(() => []);
      if (kind === "text") thumbnails = await textThumbnails(await readHead(file)).catch(() => []);
      if (pdf) {
        const box = THUMBNAIL_BOXES.SIZE_LARGE;
        const page = await renderPdfPage(pdf, file, box, context.signal).catch(() => undefined);
        if (page) thumbnails = await thumbnailsOf(page).catch(() => []);
      }
      const ffmpeg = kind === "video" && media?.videoCodec ? tools.find("ffmpeg") : undefined;
      if (ffmpeg && media) {
        const frame = await videoFrame(ffmpeg, file, media.durationMs, context.signal);
        if (frame) thumbnails = await thumbnailsOf(frame).catch(() => []);
      }
      for (const thumb of thumbnails) await this.saveThumbnail(job.gcid, thumb);
      const pictured = (kind === "image" || kind === "text" || kind === "pdf") && thumbnails.length > 0;
      const state = media ? "ready" : pictured ? "none" : "failed";
      await this.deps.store.saveMedia(job.gcid, state, media, this.deps.clock.now());
    } catch (error) {
      // The program went missing since it was found (uninstalled while running).
      if (error instanceof NimbusError && error.error === "preview_not_set_up") return;
      throw error;
    } finally {
      await release();
    }
  }

  private async saveThumbnail(gcid: string, thumb: Thumbnail): Promise<void> {
    const stored = await this.deps.blobs.put(Readable.from([thumb.bytes]), { size: thumb.bytes.length });
    const dims = { width: thumb.width, height: thumb.height, mimeType: THUMBNAIL_MIME_TYPE };
    await this.deps.store.saveThumbnail(gcid, thumb.size, stored, dims, this.deps.clock.now());
  }
}
