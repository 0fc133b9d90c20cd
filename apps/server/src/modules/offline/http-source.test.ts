import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpSource } from "./http-source.js";
import { type LookupFunction, SsrfGuard } from "./ssrf-guard.js";

/** A guard that takes 127.0.0.1 for the one public address, and refuses every other (127.0.0.2 too). */
class OneAddressGuard extends SsrfGuard {
  override isAddressAllowed(ip: string): boolean {
    return ip === "127.0.0.1";
  }
}

const answer =
  (...addresses: string[]): LookupFunction =>
  (_host, callback) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: 4 })),
    );

describe("HttpSource through the SSRF guard (node:http)", () => {
  const bytes = randomBytes(3 * 1024 * 1024 + 17);
  /** Larger than the slab writer's 8 MiB: its slabs are read into again. */
  const big = randomBytes(21 * 1024 * 1024 + 3);
  /** Requests for /gone-chunked.bin so far (the first is `inspect`'s). */
  let goneChunked = 0;
  const seen: string[] = [];
  let server: http.Server;
  let port: number;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "nimbus-http-source-"));
    server = http.createServer((req, res) => {
      seen.push(`${req.headers.host} ${req.url}`);
      const target = req.url?.startsWith("/to/") ? decodeURIComponent(req.url.slice(4)) : undefined;
      if (target) return res.writeHead(302, { location: target }).end();
      if (req.url === "/gone-chunked.bin") {
        // No length; the first fetch is cut at once (the parser's bytes are lost with it), the
        // next one gets it all, or the rest for a Range request, still without a length.
        const from = Number(/^bytes=(\d+)-$/.exec(req.headers.range ?? "")?.[1] ?? 0);
        res.writeHead(from > 0 ? 206 : 200, {
          "content-type": "application/octet-stream",
          ...(from > 0 && { "content-range": `bytes ${from}-${big.length - 1}/${big.length}` }),
        });
        if (goneChunked++ === 1) {
          res.write(big.subarray(0, 1000), () => res.destroy());
          return;
        }
        return res.end(big.subarray(from));
      }
      if (req.url === "/chunked.bin") {
        // No length: read through the HTTP parser.
        res.writeHead(200, { "content-type": "application/octet-stream" });
        for (let at = 0; at < big.length; at += 1_000_000) res.write(big.subarray(at, at + 1_000_000));
        return res.end();
      }
      if (req.url === "/cut.bin" || req.url === "/gone.bin") {
        // Cut after 5 MiB the first time (gone.bin: at once, before the client has opened its
        // file); a Range request gets the rest.
        const from = Number(/^bytes=(\d+)-$/.exec(req.headers.range ?? "")?.[1] ?? 0);
        if (from > 0) {
          res.writeHead(206, {
            "content-length": big.length - from,
            "content-range": `bytes ${from}-${big.length - 1}/${big.length}`,
            etag: '"v1"',
          });
          return res.end(big.subarray(from));
        }
        res.writeHead(200, { "content-length": big.length, etag: '"v1"' });
        if (req.url === "/gone.bin") {
          res.write(big.subarray(0, 1000), () => res.destroy());
          return;
        }
        res.write(big.subarray(0, 5 * 1024 * 1024), () => setTimeout(() => res.destroy(), 50));
        return;
      }
      if (req.url === "/big.bin") return res.writeHead(200, { "content-length": big.length }).end(big);
      res.writeHead(200, { "content-length": bytes.length, etag: '"v1"' }).end(bytes);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  const source = (lookup: LookupFunction) =>
    new HttpSource({
      guard: new OneAddressGuard({ allowPrivate: false, lookup }),
      maxBytes: 0,
      bandwidthBytesPerSecond: 0,
    });

  let fetches = 0;
  async function fetchInto(http: HttpSource, url: string, ends: number[] = []): Promise<Buffer> {
    const link = { kind: "url" as const, url };
    const signal = new AbortController().signal;
    const manifest = await http.inspect(link, signal);
    const target = path.join(dir, `fetch-${fetches++}`);
    await http.fetch(link, manifest, {
      dir: target,
      signal,
      onProgress: () => undefined,
      onWritten: (_file, _size, end) => ends.push(end),
    });
    return readFile(path.join(target, ...(manifest.files[0]?.path ?? [])));
  }

  it("reads a body of known length from the socket into the writer, two at once, every byte in order", async () => {
    const http = source(answer("127.0.0.1"));
    try {
      const ends: number[] = [];
      const [one, two] = await Promise.all([
        fetchInto(http, `http://files.test:${port}/big.bin`, ends),
        fetchInto(http, `http://127.0.0.1:${port}/big.bin`),
      ]);
      expect(one.equals(big)).toBe(true);
      expect(two.equals(big)).toBe(true);
      expect(ends.at(-1)).toBe(big.length);
    } finally {
      await http.close();
    }
  });

  it("keeps a body read from the socket under the bandwidth cap", async () => {
    const rate = 12 * 1024 * 1024;
    const http = new HttpSource({
      guard: new OneAddressGuard({ allowPrivate: false, lookup: answer("127.0.0.1") }),
      maxBytes: 0,
      bandwidthBytesPerSecond: rate,
    });
    try {
      const link = { kind: "url" as const, url: `http://files.test:${port}/big.bin` };
      const signal = new AbortController().signal;
      const manifest = await http.inspect(link, signal);
      const speeds: number[] = [];
      const target = path.join(dir, `fetch-${fetches++}`);
      await http.fetch(link, manifest, { dir: target, signal, onProgress: (p) => speeds.push(p.speed) });
      expect((await readFile(path.join(target, ...(manifest.files[0]?.path ?? [])))).equals(big)).toBe(true);
      // Unthrottled, loopback runs at hundreds of MiB/s; the speed of the last window is the cap's.
      expect(speeds.at(-1)).toBeGreaterThan(0);
      expect(speeds.at(-1)).toBeLessThanOrEqual(rate * 1.25);
    } finally {
      await http.close();
    }
  });

  it("reads a body without a length through the HTTP parser", async () => {
    const http = source(answer("127.0.0.1"));
    try {
      expect((await fetchInto(http, `http://files.test:${port}/chunked.bin`)).equals(big)).toBe(true);
    } finally {
      await http.close();
    }
  });

  it("notices a body cut short, and fetches the rest with Range", async () => {
    const http = source(answer("127.0.0.1"));
    try {
      expect((await fetchInto(http, `http://files.test:${port}/cut.bin`)).equals(big)).toBe(true);
      expect(seen.filter((line) => line.endsWith("/cut.bin")).length).toBe(3); // inspect, cut, rest
      // Closed before the body was taken over, or before the parser's was read: noticed all the same.
      expect((await fetchInto(http, `http://files.test:${port}/gone.bin`)).equals(big)).toBe(true);
      expect((await fetchInto(http, `http://files.test:${port}/gone-chunked.bin`)).equals(big)).toBe(true);
    } finally {
      await http.close();
    }
  });

  it("fetches through a name the guard resolved, and writes every byte", async () => {
    const http = source(answer("127.0.0.1"));
    try {
      expect((await fetchInto(http, `http://files.test:${port}/file.bin`)).equals(bytes)).toBe(true);
    } finally {
      await http.close();
    }
  });

  it("refuses a redirect to an address the guard refuses", async () => {
    const http = source(answer("127.0.0.1"));
    const hop = encodeURIComponent(`http://127.0.0.2:${port}/file.bin`);
    await expect(
      http.inspect({ kind: "url", url: `http://127.0.0.1:${port}/to/${hop}` }, AbortSignal.timeout(5000)),
    ).rejects.toMatchObject({ error: "offline_address_refused" });
    await http.close();
  });

  it("refuses a redirect to a name that resolves to a refused address", async () => {
    const http = source((host, callback) =>
      answer(host === "inner.test" ? "127.0.0.2" : "127.0.0.1")(host, callback),
    );
    const hop = encodeURIComponent(`http://inner.test:${port}/file.bin`);
    await expect(
      http.inspect({ kind: "url", url: `http://outer.test:${port}/to/${hop}` }, AbortSignal.timeout(5000)),
    ).rejects.toMatchObject({ error: "offline_address_refused" });
    expect(seen.some((line) => line.startsWith("inner.test"))).toBe(false);
    await http.close();
  });

  it("checks the connection's own lookup: a name that answers differently the second time is refused", async () => {
    let lookups = 0;
    const http = source((host, callback) =>
      answer(lookups++ === 0 ? "127.0.0.1" : "127.0.0.2")(host, callback),
    );
    const before = seen.length;
    await expect(
      http.inspect({ kind: "url", url: `http://rebind.test:${port}/file.bin` }, AbortSignal.timeout(5000)),
    ).rejects.toMatchObject({ error: "offline_address_refused" });
    expect(lookups).toBe(2);
    expect(seen.length).toBe(before);
    await http.close();
  });
});

describe("HttpSource over HTTPS (node:https, reads taken over from TLS)", () => {
  const big = randomBytes(9 * 1024 * 1024 + 5);
  let server: https.Server;
  let port: number;
  let dir: string;
  let cert: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "nimbus-https-source-"));
    const key = path.join(dir, "key.pem");
    const certFile = path.join(dir, "cert.pem");
    execFileSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2"],
        ...[
          "-keyout",
          key,
          "-out",
          certFile,
          "-subj",
          "/CN=files.test",
          "-addext",
          "subjectAltName=DNS:files.test",
        ],
      ],
      { stdio: "ignore" },
    );
    cert = await readFile(certFile, "utf8");
    server = https.createServer({ key: await readFile(key), cert }, (req, res) => {
      if (req.url === "/chunked.bin") {
        res.writeHead(200, { "content-type": "application/octet-stream" });
        for (let at = 0; at < big.length; at += 1_000_000) res.write(big.subarray(at, at + 1_000_000));
        return res.end();
      }
      res.writeHead(200, { "content-length": big.length }).end(big);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it("writes every byte of a body of known length and of one without, and refuses an untrusted certificate", async () => {
    const fetched = async (source: HttpSource, file: string) => {
      const link = { kind: "url" as const, url: `https://files.test:${port}/${file}` };
      const signal = AbortSignal.timeout(30_000);
      const manifest = await source.inspect(link, signal);
      const target = path.join(dir, `fetch-${file}`);
      await source.fetch(link, manifest, {
        dir: target,
        signal,
        onProgress: () => undefined,
        onWritten: () => undefined,
      });
      return readFile(path.join(target, ...(manifest.files[0]?.path ?? [])));
    };
    const guard = () => new OneAddressGuard({ allowPrivate: false, lookup: answer("127.0.0.1") });
    const trusting = new HttpSource({ guard: guard(), maxBytes: 0, bandwidthBytesPerSecond: 0, ca: cert });
    try {
      expect((await fetched(trusting, "big.bin")).equals(big)).toBe(true);
      expect((await fetched(trusting, "chunked.bin")).equals(big)).toBe(true);
    } finally {
      await trusting.close();
    }
    const system = new HttpSource({ guard: guard(), maxBytes: 0, bandwidthBytesPerSecond: 0 });
    try {
      await expect(
        system.inspect(
          { kind: "url", url: `https://files.test:${port}/big.bin` },
          AbortSignal.timeout(10_000),
        ),
      ).rejects.toBeDefined();
    } finally {
      await system.close();
    }
  });
});
