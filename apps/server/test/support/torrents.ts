import { createHash, randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import path from "node:path";
import { type Bencoded, bencode } from "../../src/modules/offline/torrent-meta.js";

/**
 * Test helpers torrents made in memory, a
 * tracker on loopback and a seeder (a second torrent-stream engine in the test's
 * own process) serving files from a temporary folder.
 */

const require = createRequire(import.meta.url);

export interface KitFile {
  path: string[];
  bytes: Buffer;
}

export interface KitTorrent {
  bytes: Buffer;
  infoHash: string;
  name: string;
  files: KitFile[];
}

export const PIECE_LENGTH = 16 * 1024;

/** Random files of the given sizes, under `name/`. */
export function kitFiles(specs: Array<[string[], number]>): KitFile[] {
  return specs.map(([filePath, size]) => ({ path: filePath, bytes: randomBytes(size) }));
}

/** A multi-file `.torrent` for the files, announcing on `trackers`. */
export function makeTorrent(name: string, files: KitFile[], trackers: string[] = []): KitTorrent {
  const all = Buffer.concat(files.map((file) => file.bytes));
  const hashes: Buffer[] = [];
  for (let at = 0; at < all.length; at += PIECE_LENGTH) {
    hashes.push(
      createHash("sha1")
        .update(all.subarray(at, at + PIECE_LENGTH))
        .digest(),
    );
  }
  const info: Bencoded = {
    name: Buffer.from(name),
    "piece length": PIECE_LENGTH,
    pieces: Buffer.concat(hashes),
    files: files.map((file) => ({
      length: file.bytes.length,
      path: file.path.map((part) => Buffer.from(part)),
    })),
  };
  const root: { [key: string]: Bencoded } = { info };
  if (trackers[0]) root.announce = Buffer.from(trackers[0]);
  if (trackers.length > 0) root["announce-list"] = trackers.map((url) => [Buffer.from(url)]);
  return {
    bytes: bencode(root),
    infoHash: createHash("sha1").update(bencode(info)).digest("hex"),
    name,
    files,
  };
}

/** Writes the torrent's files as a client would keep them: `dir/<name>/<path>`. */
export async function writeTorrentFiles(dir: string, torrent: KitTorrent): Promise<void> {
  for (const file of torrent.files) {
    const target = path.join(dir, torrent.name, ...file.path);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.bytes);
  }
}

export async function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

interface TrackerServer {
  on(event: string, listener: (...args: unknown[]) => void): void;
  listen(port: number, host: string, callback: () => void): void;
  close(callback: () => void): void;
}

/** An HTTP tracker on `host` (loopback); `announces` counts the announces it has seen. */
export async function startTracker(host = "127.0.0.1") {
  const Server = require("bittorrent-tracker/server") as new (options: object) => TrackerServer;
  const server = new Server({ http: true, udp: false, ws: false, stats: false, interval: 1000 });
  let announces = 0;
  server.on("start", () => announces++);
  server.on("error", () => {});
  server.on("warning", () => {});
  const port = await freePort(host);
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    url: `http://${host}:${port}/announce`,
    get announces() {
      return announces;
    },
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

interface Engine {
  on(event: string, listener: (...args: unknown[]) => void): void;
  listen(port: number, callback?: () => void): void;
  destroy(callback: () => void): void;
}

/** Seeds the torrent from `dir` (which holds `<name>/<path>`), listening on loopback; resolves once it has announced. */
export async function startSeeder(
  torrent: KitTorrent,
  dir: string,
  tracker: { url: string; announces: number },
) {
  await writeTorrentFiles(dir, torrent);
  const torrentStream = require("torrent-stream") as (link: Buffer, options: object) => Engine;
  const before = tracker.announces;
  const engine = torrentStream(torrent.bytes, {
    path: dir,
    tmp: path.join(dir, ".tmp"),
    dht: false,
    tracker: true,
    trackers: [tracker.url],
    uploads: 10,
  });
  let wires = 0;
  engine.on("wire", () => wires++);
  engine.listen(await freePort());
  await new Promise<void>((resolve) => engine.on("ready", () => resolve()));
  const deadline = Date.now() + 10_000;
  while (tracker.announces === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return {
    get wires() {
      return wires;
    },
    close: () => new Promise<void>((resolve) => engine.destroy(() => resolve())),
  };
}

export function magnetOf(torrent: KitTorrent, trackers: string[]): string {
  return `magnet:?xt=urn:btih:${torrent.infoHash}&dn=${encodeURIComponent(torrent.name)}${trackers
    .map((url) => `&tr=${encodeURIComponent(url)}`)
    .join("")}`;
}
