import { type ChildProcess, spawn } from "node:child_process";
import { lookup } from "node:dns/promises";
import { createRequire } from "node:module";
import { isIP } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { NimbusError } from "@nimbus/protocol";
import type { FetchOptions, OfflineLink, OfflineManifest, OfflineSource } from "./offline-source.js";
import { bdecode, parseMagnet, parseTorrentFile, type TorrentInfo } from "./torrent-meta.js";
import { TORRENT_WORKER_SOURCE } from "./torrent-worker.js";

export interface TorrentSourceOptions {
  /** The SSRF rule: may Nimbus talk to this IP address (trackers, peers)? */
  isAddressAllowed(ip: string): boolean;
  /** Use the DHT to find peers (off in tests and on machines without a network beyond themselves). */
  dht: boolean;
  /** Trackers added to every torrent (announce URLs). */
  trackers: readonly string[];
  /** Most files one task may hold. */
  maxFiles: number;
  /** How long a magnet's metadata may take before the task fails. */
  metadataTimeoutMs: number;
  /** Peer connections per torrent. */
  maxConnections: number;
  /** TCP port the engine accepts peers on; 0 or absent: outgoing connections only. */
  listenPort?: number;
  /** Where magnets' metadata is cached across restarts (default: the OS temp folder). */
  cacheDir?: string;
}

/** Torrents' bytes kept in memory by info hash, so a magnet's fetch needs no second metadata exchange. */
const METADATA_CACHE_ENTRIES = 64;

type WorkerReply =
  | { type: "metadata"; id: number; torrent: string }
  | { type: "progress"; id: number; bytes: number; total: number; speed: number; peers: number }
  | { type: "done"; id: number }
  | { type: "aborted"; id: number }
  | { type: "failed"; id: number; reason: "timeout" | "error"; message: string }
  | { type: "check"; check: number; addr: string };

interface Pending {
  onReply(reply: Exclude<WorkerReply, { type: "check" }>): void;
  onCrash(error: Error): void;
}

const require = createRequire(import.meta.url);

/**
 * The engine's process ended under a fetch (a crash, or shutdown). Deliberately not a
 * `NimbusError`: the task runner retries the job, which resumes from the partial files.
 */
export class TorrentEngineStopped extends Error {
  constructor() {
    super("The BitTorrent engine stopped; the download will be retried.");
    this.name = "TorrentEngineStopped";
  }
}

/**
 * Magnets and `.torrent` files, fetched with torrent-stream in a child process
 * (decision 0026): a hostile peer can crash or stall only the child, which the
 * parent restarts, failing the current fetches with a retryable error. The parent
 * owns the SSRF rule: it vets trackers before the child sees them and answers the
 * child's question for each peer address before it connects.
 */
export class TorrentSource implements OfflineSource {
  private child: ChildProcess | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private readonly metadata = new Map<string, Uint8Array>();
  private closed = false;

  constructor(private readonly options: TorrentSourceOptions) {}

  accepts(link: OfflineLink): boolean {
    return link.kind === "magnet" || link.kind === "torrent";
  }

  async inspect(link: OfflineLink, signal: AbortSignal): Promise<OfflineManifest> {
    const { info } = await this.torrentOf(link, signal);
    return {
      name: info.name,
      folder: info.folder,
      totalSize: info.totalSize,
      files: info.files.map((file, index) => ({ index, path: file.path, size: file.size })),
      contentKey: `btih:${info.infoHash}`,
    };
  }

  async fetch(link: OfflineLink, _manifest: OfflineManifest, options: FetchOptions): Promise<void> {
    const { info, bytes } = await this.torrentOf(link, options.signal);
    const selected = options.selected
      ? [...new Set(options.selected)].filter((index) => index >= 0 && index < info.files.length)
      : info.files.map((_, index) => index);
    if (selected.length === 0) return;
    const trackers = await this.vetTrackers([...info.trackers, ...this.options.trackers]);
    await this.request(
      {
        type: "fetch",
        torrent: Buffer.from(stripAnnounce(bytes)).toString("base64"),
        trackers,
        dir: options.dir,
        paths: info.files.map((file) => file.path),
        selected,
      },
      options.signal,
      (reply) => {
        if (reply.type === "progress") {
          options.onProgress({
            bytes: reply.bytes,
            total: reply.total,
            speed: reply.speed,
            peers: reply.peers,
          });
        }
      },
    );
  }

  /**
   * Stops the child. With fetches still running (the app closes before the job runner
   * aborts them at shutdown), it stops once they have settled, so they end as
   * interrupted runs that resume on the next start rather than as failures.
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.pending.size > 0) return;
    await this.stopChild();
  }

  private async stopChild(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      // Keep the process alive until the child is gone (it is unreferenced while idle).
      child.ref();
      child.kill("SIGTERM");
      setTimeout(() => {
        if (child.exitCode === null) child.kill("SIGKILL");
      }, 2000).unref();
    });
  }

  /** The torrent's parsed info and bytes (a magnet's come from the cache or from peers). */
  private async torrentOf(
    link: OfflineLink,
    signal: AbortSignal,
  ): Promise<{ info: TorrentInfo; bytes: Uint8Array }> {
    if (link.kind === "torrent") {
      const info = parseTorrentFile(link.torrent, this.options.maxFiles);
      return { info, bytes: link.torrent };
    }
    if (link.kind !== "magnet") throw new NimbusError("invalid_argument", "Not a BitTorrent link.");
    const magnet = parseMagnet(link.url);
    let bytes = this.metadata.get(magnet.infoHash);
    if (!bytes) {
      const trackers = await this.vetTrackers([...magnet.trackers, ...this.options.trackers]);
      let torrent = "";
      await this.request(
        { type: "metadata", infoHash: magnet.infoHash, trackers, timeoutMs: this.options.metadataTimeoutMs },
        signal,
        (reply) => {
          if (reply.type === "metadata") torrent = reply.torrent;
        },
        this.options.metadataTimeoutMs + 5000,
      );
      bytes = new Uint8Array(Buffer.from(torrent, "base64"));
      this.remember(magnet.infoHash, bytes);
    }
    const info = parseTorrentFile(bytes, this.options.maxFiles);
    if (info.infoHash !== magnet.infoHash)
      throw new NimbusError("internal", "Metadata does not match the magnet.");
    return { info: { ...info, trackers: magnet.trackers }, bytes };
  }

  private remember(infoHash: string, bytes: Uint8Array): void {
    this.metadata.delete(infoHash);
    this.metadata.set(infoHash, bytes);
    while (this.metadata.size > METADATA_CACHE_ENTRIES) {
      const oldest = this.metadata.keys().next().value as string;
      this.metadata.delete(oldest);
    }
  }

  /** Trackers whose every address passes the SSRF rule; the others are dropped (and so never contacted). */
  private async vetTrackers(urls: readonly string[]): Promise<string[]> {
    const unique = [...new Set(urls)];
    const vetted = await Promise.all(
      unique.map(async (url) => {
        try {
          const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
          const addresses = isIP(host)
            ? [host]
            : (await lookup(host, { all: true })).map((entry) => entry.address);
          return addresses.length > 0 && addresses.every((address) => this.options.isAddressAllowed(address))
            ? url
            : undefined;
        } catch {
          return undefined;
        }
      }),
    );
    return vetted.filter((url): url is string => url !== undefined);
  }

  /** Sends one request to the child and settles on its final answer ("done", "metadata", "failed"). */
  private request(
    message: Record<string, unknown>,
    signal: AbortSignal,
    onReply: (reply: Exclude<WorkerReply, { type: "check" }>) => void,
    timeoutMs?: number,
  ): Promise<void> {
    if (this.closed) return Promise.reject(new TorrentEngineStopped());
    signal.throwIfAborted();
    const child = this.worker();
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      let abortedBy: unknown;
      let timer: NodeJS.Timeout | undefined;
      const settle = (error?: unknown) => {
        this.pending.delete(id);
        signal.removeEventListener("abort", onAbort);
        if (timer) clearTimeout(timer);
        if (this.pending.size === 0) {
          this.child?.channel?.unref();
          if (this.closed) void this.stopChild();
        }
        if (error === undefined) resolve();
        else reject(error);
      };
      const onAbort = () => {
        abortedBy = signal.reason ?? new NimbusError("cancelled", "The download was stopped.");
        child.send({ type: "abort", id });
        // The child confirms once the engine has closed its files; do not wait for ever.
        setTimeout(() => this.pending.has(id) && settle(abortedBy), 5000).unref();
      };
      this.pending.set(id, {
        onReply: (reply) => {
          onReply(reply);
          if (reply.type === "done" || reply.type === "metadata") settle();
          else if (reply.type === "aborted")
            settle(abortedBy ?? new NimbusError("cancelled", "The download was stopped."));
          else if (reply.type === "failed") {
            settle(
              abortedBy ??
                (reply.reason === "timeout"
                  ? new NimbusError(
                      "deadline_exceeded",
                      "Nobody shared this torrent's details in time: no peers or trackers answered.",
                    )
                  : new NimbusError("unavailable", `The BitTorrent engine failed: ${reply.message}`)),
            );
          }
        },
        onCrash: (error) => settle(abortedBy ?? error),
      });
      signal.addEventListener("abort", onAbort, { once: true });
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          child.send({ type: "abort", id });
          settle(new NimbusError("deadline_exceeded", "The BitTorrent engine did not answer in time."));
        }, timeoutMs);
      }
      child.channel?.ref();
      child.send({
        ...message,
        id,
        dht: this.options.dht,
        connections: this.options.maxConnections,
        listenPort: this.options.listenPort ?? 0,
        cacheDir: this.options.cacheDir ?? path.join(tmpdir(), "nimbus-torrent"),
      });
    });
  }

  /** The running child, started (or restarted after a crash) on demand. */
  private worker(): ChildProcess {
    if (this.child && this.child.exitCode === null && this.child.connected) return this.child;
    const child = spawn(process.execPath, ["--max-old-space-size=512", "-e", TORRENT_WORKER_SOURCE], {
      stdio: ["ignore", "ignore", "inherit", "ipc"],
      env: { NIMBUS_TORRENT_STREAM: require.resolve("torrent-stream") },
      serialization: "json",
    });
    child.unref();
    child.on("message", (reply: WorkerReply) => {
      if (reply.type === "check") {
        let allowed = false;
        try {
          allowed = this.options.isAddressAllowed(reply.addr);
        } catch {
          allowed = false;
        }
        if (child.connected) child.send({ type: "checked", check: reply.check, allowed });
        return;
      }
      this.pending.get(reply.id)?.onReply(reply);
    });
    child.on("exit", () => {
      if (this.child === child) this.child = undefined;
      for (const entry of [...this.pending.values()]) entry.onCrash(new TorrentEngineStopped());
    });
    child.on("error", () => {
      // "exit" follows and fails the pending requests.
    });
    this.child = child;
    return child;
  }

  /** Test hook: the child's process id (to crash it on purpose). */
  get workerPid(): number | undefined {
    return this.child?.pid;
  }
}

/** `d4:info<info>e`: the torrent without its own trackers (those reach the engine vetted, separately). */
function stripAnnounce(bytes: Uint8Array): Uint8Array {
  const range = { start: -1, end: -1 };
  // Already validated by parseTorrentFile; decode again only to find the info bytes.
  bdecode(bytes, range);
  return Buffer.concat([Buffer.from("d4:info"), bytes.subarray(range.start, range.end), Buffer.from("e")]);
}
