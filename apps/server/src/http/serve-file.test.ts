import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { sendMetered } from "./serve-file.js";

/** A body of `chunks` chunks of 1 KiB, the first after `firstAfterMs`. */
function slowBody(chunks: number, firstAfterMs: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      const push = () => this.push(sent++ < chunks ? Buffer.alloc(1024, 1) : null);
      if (sent === 0) setTimeout(push, firstAfterMs);
      else push();
    },
  });
}

describe("sendMetered", () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  async function serve(body: Readable, length: number) {
    const settled: number[] = [];
    app = Fastify();
    app.get("/", (req, reply) =>
      sendMetered(req, reply, body, length, { settle: async (bytes) => void settled.push(bytes) }),
    );
    await app.listen({ port: 0, host: "127.0.0.1" });
    return { port: (app.server.address() as AddressInfo).port, settled };
  }

  const get = (port: number, abortAfterMs?: number) =>
    new Promise<{ bytes: number; complete: boolean }>((resolve) => {
      const req = request({ host: "127.0.0.1", port, path: "/" }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on("close", () => resolve({ bytes, complete: res.complete }));
      });
      req.on("error", () => resolve({ bytes: 0, complete: false }));
      if (abortAfterMs !== undefined) setTimeout(() => req.destroy(), abortAfterMs);
      req.end();
    });

  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  };

  it("sends the whole body and settles its length", async () => {
    const body = slowBody(8, 0);
    const { port, settled } = await serve(body, 8 * 1024);
    expect(await get(port)).toEqual({ bytes: 8 * 1024, complete: true });
    await until(() => settled.length > 0);
    expect(settled).toEqual([8 * 1024]);
  });

  it("cuts a body shorter than its length instead of leaving the client waiting", async () => {
    const { port, settled } = await serve(slowBody(4, 0), 8 * 1024);
    const outcome = await get(port);
    expect(outcome.complete).toBe(false);
    await until(() => settled.length > 0);
    expect(settled).toEqual([4 * 1024]);
  });

  it("closes the body and settles nothing when the client left while the first chunk was read", async () => {
    const body = slowBody(8, 150);
    const { port, settled } = await serve(body, 8 * 1024);
    expect((await get(port, 30)).bytes).toBe(0);
    await until(() => settled.length > 0 && body.destroyed);
    expect(settled).toEqual([0]);
    expect(body.destroyed).toBe(true);
  });
});
