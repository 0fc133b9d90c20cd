import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type KitTorrent,
  kitFiles,
  magnetOf,
  makeTorrent,
  PIECE_LENGTH,
  startSeeder,
  startTracker,
} from "../../../test/support/torrents.js";
import type { FetchProgress } from "./offline-source.js";
import { TorrentEngineStopped, TorrentSource, type TorrentSourceOptions } from "./torrent-source.js";

/** Every file under `dir`, as relative paths. */
async function tree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe("TorrentSource against a local tracker and seeder", () => {
  let root: string;
  let tracker: Awaited<ReturnType<typeof startTracker>>;
  let seeder: Awaited<ReturnType<typeof startSeeder>>;
  let torrent: KitTorrent;
  const sources: TorrentSource[] = [];

  const source = (overrides: Partial<TorrentSourceOptions> = {}) => {
    const created = new TorrentSource({
      isAddressAllowed: () => true,
      dht: false,
      trackers: [],
      maxFiles: 7000,
      metadataTimeoutMs: 8000,
      maxConnections: 20,
      cacheDir: path.join(root, `cache-${sources.length}`),
      ...overrides,
    });
    sources.push(created);
    return created;
  };
  const signal = () => new AbortController().signal;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "nimbus-torrent-"));
    tracker = await startTracker();
    torrent = makeTorrent(
      "Holiday",
      kitFiles([
        [["readme.txt"], 1000],
        [["photos", "a.jpg"], 3 * PIECE_LENGTH + 77],
        [["photos", "b.jpg"], 5000],
        [["video", "big.bin"], 6 * 1024 * 1024 + 3],
      ]),
      [tracker.url],
    );
    seeder = await startSeeder(torrent, path.join(root, "seed"), tracker);
  }, 30_000);

  afterAll(async () => {
    await Promise.all(sources.map((created) => created.close()));
    await seeder?.close();
    await tracker?.close();
    await rm(root, { recursive: true, force: true });
  });

  it("inspects a magnet: the torrent's name, tree and content key", async () => {
    const manifest = await source().inspect(
      { kind: "magnet", url: magnetOf(torrent, [tracker.url]) },
      signal(),
    );
    expect(manifest).toEqual({
      name: "Holiday",
      folder: true,
      totalSize: torrent.files.reduce((sum, file) => sum + file.bytes.length, 0),
      files: torrent.files.map((file, index) => ({ index, path: file.path, size: file.bytes.length })),
      contentKey: `btih:${torrent.infoHash}`,
    });
  }, 20_000);

  it("fetches only the selected files, byte for byte, with progress and peers", async () => {
    const dir = path.join(root, "subset");
    const link = { kind: "magnet" as const, url: magnetOf(torrent, [tracker.url]) };
    const fetcher = source();
    const manifest = await fetcher.inspect(link, signal());
    const progress: FetchProgress[] = [];
    await fetcher.fetch(link, manifest, {
      dir,
      selected: [1, 2],
      signal: signal(),
      onProgress: (report) => progress.push(report),
    });
    expect(await tree(dir)).toEqual([path.join("photos", "a.jpg"), path.join("photos", "b.jpg")]);
    for (const index of [1, 2]) {
      const file = torrent.files[index];
      if (!file) throw new Error("no file");
      expect((await readFile(path.join(dir, ...file.path))).equals(file.bytes)).toBe(true);
    }
    const last = progress.at(-1);
    expect(last?.bytes).toBe(last?.total);
    expect(last?.total).toBe((torrent.files[1]?.bytes.length ?? 0) + (torrent.files[2]?.bytes.length ?? 0));
    expect(progress.some((report) => (report.peers ?? 0) > 0)).toBe(true);
  }, 30_000);

  it("stops on abort and resumes from the partial files", async () => {
    const dir = path.join(root, "resume");
    const link = { kind: "torrent" as const, torrent: torrent.bytes };
    const fetcher = source();
    const manifest = await fetcher.inspect(link, signal());
    expect(manifest.files).toHaveLength(4);

    // A previous run left the first half of the big file (and a wrong tail after it).
    const big = torrent.files[3]?.bytes as Buffer;
    const half = Math.floor(big.length / PIECE_LENGTH / 2) * PIECE_LENGTH;
    await mkdir(path.join(dir, "video"), { recursive: true });
    await writeFile(
      path.join(dir, "video", "big.bin"),
      Buffer.concat([big.subarray(0, half), Buffer.alloc(999)]),
    );

    const controller = new AbortController();
    const aborted = fetcher.fetch(link, manifest, {
      dir,
      selected: [3],
      signal: controller.signal,
      // The engine has verified what is on disk and is now fetching: pause it.
      onProgress: () => controller.abort(),
    });
    const stopped = await aborted.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(controller.signal.aborted).toBe(true);
    expect(stopped).toBe(controller.signal.reason);

    const progress: FetchProgress[] = [];
    await fetcher.fetch(link, manifest, {
      dir,
      selected: [3],
      signal: signal(),
      onProgress: (report) => progress.push(report),
    });
    // Pieces straddle file boundaries: the first and last pieces of the half may not count.
    expect(progress[0]?.bytes).toBeGreaterThanOrEqual(half - 2 * PIECE_LENGTH);
    expect((await readFile(path.join(dir, "video", "big.bin"))).equals(big)).toBe(true);
    expect(await tree(dir)).toEqual([path.join("video", "big.bin")]);
  }, 30_000);

  it("never connects to a peer the address rule refuses", async () => {
    const asked: string[] = [];
    const wiresBefore = seeder.wires;
    const refusing = source({
      metadataTimeoutMs: 2500,
      // The tracker is on 127.0.0.1 as well: allow it by name, refuse it as a peer.
      isAddressAllowed: (ip) => {
        asked.push(ip);
        return asked.length === 1;
      },
    });
    const started = Date.now();
    await expect(
      refusing.inspect({ kind: "magnet", url: magnetOf(torrent, [tracker.url]) }, signal()),
    ).rejects.toMatchObject({ error: "deadline_exceeded" });
    expect(Date.now() - started).toBeLessThan(6000);
    expect(asked.length).toBeGreaterThan(1);
    expect(asked.slice(1).every((ip) => ip === "127.0.0.1")).toBe(true);
    expect(seeder.wires).toBe(wiresBefore);
  }, 20_000);

  it("never announces to a tracker the address rule refuses", async () => {
    const before = tracker.announces;
    const asked: string[] = [];
    await expect(
      source({
        metadataTimeoutMs: 1000,
        isAddressAllowed: (ip) => {
          asked.push(ip);
          return false;
        },
      }).inspect({ kind: "magnet", url: magnetOf(torrent, [tracker.url]) }, signal()),
    ).rejects.toMatchObject({ error: "deadline_exceeded" });
    expect(asked).toEqual(["127.0.0.1"]);
    expect(tracker.announces).toBe(before);
  }, 10_000);

  it("fails fast when nobody has the metadata (no DHT, no trackers)", async () => {
    const started = Date.now();
    await expect(
      source({ metadataTimeoutMs: 800 }).inspect(
        { kind: "magnet", url: "magnet:?xt=urn:btih:0123456789abcdef0123456789abcdef01234567" },
        signal(),
      ),
    ).rejects.toMatchObject({ error: "deadline_exceeded" });
    expect(Date.now() - started).toBeLessThan(4000);
  }, 10_000);

  it("fails a fetch with a retryable error when the engine crashes, then works again", async () => {
    const fetcher = source();
    const link = { kind: "torrent" as const, torrent: torrent.bytes };
    const manifest = await fetcher.inspect(link, signal());
    const dir = path.join(root, "crash");
    let killed = false;
    const crashed = fetcher.fetch(link, manifest, {
      dir,
      selected: [3],
      signal: signal(),
      onProgress: () => {
        if (killed || fetcher.workerPid === undefined) return;
        killed = true;
        process.kill(fetcher.workerPid, "SIGKILL");
      },
    });
    await expect(crashed).rejects.toBeInstanceOf(TorrentEngineStopped);
    await fetcher.fetch(link, manifest, { dir, selected: [0], signal: signal(), onProgress: () => {} });
    expect((await readFile(path.join(dir, "readme.txt"))).equals(torrent.files[0]?.bytes as Buffer)).toBe(
      true,
    );
  }, 30_000);
});
