import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { DriveClient } from "../support/drive.js";
import type { TestApp } from "../support/test-app.js";

export interface FileServer {
  url: string;
  bytes: Buffer;
  etag: string;
  /** Every request seen: path and its Range header. */
  requests: Array<{ path: string; range?: string; ifRange?: string }>;
  /** While set, full responses stop after `holdAfter` bytes until `release()`. */
  hold(after: number): Promise<void>;
  release(): void;
  close(): Promise<void>;
}

/**
 * A loopback server for cloud-download tests: `/r1` → `/r2` → `/file.bin` (two
 * redirects), the file served with ETag and `Range` (206) support; `hold` makes a
 * full response stall mid-way (to stop the app during a fetch).
 */
export async function startFileServer(size = 3 * 1024 * 1024): Promise<FileServer> {
  const bytes = randomBytes(size);
  const etag = `"${createHash("sha1").update(bytes).digest("hex")}"`;
  const requests: FileServer["requests"] = [];
  let holdAfter: number | undefined;
  let reached: (() => void) | undefined;
  let gate: Promise<void> = Promise.resolve();
  let open: () => void = () => undefined;

  const server: Server = createServer((req: IncomingMessage, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    requests.push({
      path,
      ...(req.headers.range && { range: req.headers.range }),
      ...(typeof req.headers["if-range"] === "string" && { ifRange: req.headers["if-range"] }),
    });
    if (path === "/r1") return res.writeHead(302, { location: "/r2" }).end();
    if (path === "/r2") return res.writeHead(301, { location: `http://${req.headers.host}/file.bin` }).end();
    if (path !== "/file.bin") return res.writeHead(404).end();
    const headers = {
      etag,
      "accept-ranges": "bytes",
      "content-type": "application/octet-stream",
      "content-disposition": `attachment; filename="plain.bin"; filename*=UTF-8''r%C3%A9sum%C3%A9.bin`,
    };
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? "");
    if (range && (!req.headers["if-range"] || req.headers["if-range"] === etag)) {
      const start = Number(range[1]);
      res.writeHead(206, {
        ...headers,
        "content-length": String(size - start),
        "content-range": `bytes ${start}-${size - 1}/${size}`,
      });
      return res.end(bytes.subarray(start));
    }
    res.writeHead(200, { ...headers, "content-length": String(size) });
    if (holdAfter === undefined) return res.end(bytes);
    res.write(bytes.subarray(0, holdAfter));
    reached?.();
    void gate.then(() => res.end(bytes.subarray(holdAfter)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bytes,
    etag,
    requests,
    hold(after) {
      holdAfter = after;
      gate = new Promise((resolve) => {
        open = resolve;
      });
      return new Promise((resolve) => {
        reached = resolve;
      });
    },
    release() {
      holdAfter = undefined;
      open();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls the task until its phase is one of `phases`. */
export async function waitForTask(
  drive: DriveClient,
  id: string,
  phases: string[] = ["PHASE_TYPE_COMPLETE", "PHASE_TYPE_ERROR"],
  timeoutMs = 20_000,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const task = await drive.ok("GET", `/drive/v1/tasks/${id}`);
    if (phases.includes(task.phase)) return task;
    if (Date.now() > until) throw new Error(`task ${id} stayed ${task.phase}: ${JSON.stringify(task)}`);
    await sleep(50);
  }
}

export function createOffline(
  drive: DriveClient,
  url: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  return drive.call("POST", "/drive/v1/files", {
    kind: "drive#file",
    upload_type: "UPLOAD_TYPE_URL",
    url,
    ...extra,
  });
}

/** The bytes a file of the drive holds, read back from the blob store. */
export async function storedBytes(t: TestApp, fileId: string): Promise<Buffer> {
  const row = await t.database.db
    .selectFrom("files")
    .selectAll()
    .where("id", "=", fileId)
    .executeTakeFirstOrThrow();
  const chunks: Buffer[] = [];
  for await (const chunk of await t.blobs.get(row.blob_gcid as string)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
