/**
 * Where cloud-download bytes come from. One source per kind of link (web links over
 * HTTP, magnets and `.torrent` files over BitTorrent); the offline task runner picks
 * the source that accepts a link, asks it what the link holds, then has it write the
 * chosen files under a task's own temporary folder, and commits them into the drive.
 *
 * A source never touches the drive, the database or quotas: it reads the network
 * (through the SSRF guard it is given) and writes files under `dir`. That keeps the
 * hostile part of the work small and replaceable.
 */

/** A link as the user gave it, normalised (`thunder://` decoded, whitespace trimmed). */
export type OfflineLink =
  | { kind: "url"; url: string }
  | { kind: "magnet"; url: string }
  /** A `.torrent` file's bytes (uploaded, or read from the drive). */
  | { kind: "torrent"; torrent: Uint8Array; name?: string };

export interface ManifestFile {
  /** Position in the source's own list; what `selected` names. */
  index: number;
  /** Path segments inside the result folder (a single web file: one segment). */
  path: string[];
  /** Bytes, when the source knows them up front. */
  size?: number;
}

/** What a link holds, learned before any content is fetched. */
export interface OfflineManifest {
  /** The name the result gets in the drive (the file's, or the torrent's folder). */
  name: string;
  /** Sum of the files' sizes, when known. */
  totalSize?: number;
  /** True when the result is a folder (a torrent), false for one file. */
  folder: boolean;
  files: ManifestFile[];
  /**
   * Identifies the content across users, for instant cloud download: `btih:<hex>` for
   * a torrent, `url:<sha256 of url + strong validators>` for a web file whose server
   * gave an ETag or Last-Modified and a length; absent when nothing identifies it.
   */
  contentKey?: string;
  /** Media type the source was told (web files). */
  mimeType?: string;
}

export interface FetchProgress {
  /** Bytes of the selected files on disk so far. */
  bytes: number;
  /** Bytes of the selected files in all, when known. */
  total?: number;
  /** Bytes per second over the last few seconds. */
  speed: number;
  /** Connected peers (torrents). */
  peers?: number;
}

export interface FetchOptions {
  /** The task's own temporary folder; files go to `dir/<path segments>`. May hold a previous run's partial files: resume from them. */
  dir: string;
  /** Indexes of the manifest files to fetch; all when absent. */
  selected?: readonly number[];
  /** Aborted on pause, delete, shutdown or a cap; the source stops promptly and leaves partial files for a resume. */
  signal: AbortSignal;
  onProgress(progress: FetchProgress): void;
  /**
   * Optional: bytes 0..`end` of `file` (of `size` in all) are written. The runner hashes
   * them right behind the writes, so storing the file needs no pass of its own.
   */
  onWritten?(file: string, size: number, end: number): void;
  /** Optional: `file` is being written again from its first byte (what was hashed of it is void). */
  onRestart?(file: string): void;
}

export interface OfflineSource {
  /** True when this source takes the link. */
  accepts(link: OfflineLink): boolean;
  /** What the link holds; throws a `NimbusError` the user can read (refused address, not found, too big, timed out). */
  inspect(link: OfflineLink, signal: AbortSignal): Promise<OfflineManifest>;
  /** Writes the selected files under `options.dir`; resolves when all are complete on disk. */
  fetch(link: OfflineLink, manifest: OfflineManifest, options: FetchOptions): Promise<void>;
  /** Stops background work (torrent client, sockets) at shutdown. */
  close?(): Promise<void>;
}
