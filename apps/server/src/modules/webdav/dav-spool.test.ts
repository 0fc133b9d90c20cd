import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readSmallBody, spoolWithin } from "./dav-spool.js";

describe("spooling a body of unknown length", () => {
  const dirs: string[] = [];
  const dir = () => {
    const made = mkdtempSync(path.join(tmpdir(), "dav-spool-"));
    dirs.push(made);
    return path.join(made, "tmp");
  };
  afterEach(() => {
    for (const made of dirs.splice(0)) rmSync(made, { recursive: true, force: true });
  });
  async function* chunks(count: number, size: number, pulled?: { n: number }) {
    for (let i = 0; i < count; i++) {
      if (pulled) pulled.n++;
      yield new Uint8Array(size).fill(i);
    }
  }

  it("writes the body and counts its bytes; remove() deletes the file", async () => {
    const target = dir();
    const spooled = await spoolWithin(chunks(3, 10), target, 30);
    expect(spooled.size).toBe(30);
    expect([...readFileSync(spooled.file)].slice(8, 12)).toEqual([0, 0, 1, 1]);
    await spooled.remove();
    expect(readdirSync(target)).toEqual([]);
  });

  it("stops as soon as the body outgrows the space left, reading no further and keeping nothing", async () => {
    const target = dir();
    const pulled = { n: 0 };
    await expect(spoolWithin(chunks(1000, 10, pulled), target, 25)).rejects.toMatchObject({
      error: "file_space_not_enough",
    });
    expect(pulled.n).toBe(3);
    expect(readdirSync(target)).toEqual([]);
  });

  it("keeps nothing when the client goes away", async () => {
    const target = dir();
    const stop = new AbortController();
    async function* hangs() {
      yield new Uint8Array(5);
      stop.abort(new Error("the client went away"));
      await new Promise((resolve) => setTimeout(resolve, 50));
      yield new Uint8Array(5);
    }
    await expect(spoolWithin(hangs(), target, 100, { signal: stop.signal })).rejects.toBeDefined();
    expect(readdirSync(target)).toEqual([]);
  });
});

describe("reading a small body into memory", () => {
  async function* pieces(...sizes: number[]) {
    for (const [i, size] of sizes.entries()) yield new Uint8Array(size).fill(i + 1);
  }

  it("joins the pieces of the declared length", async () => {
    const body = await readSmallBody(pieces(3, 2), 5);
    expect([...body]).toEqual([1, 1, 1, 2, 2]);
  });

  it("refuses a body shorter or longer than declared", async () => {
    await expect(readSmallBody(pieces(3), 5)).rejects.toMatchObject({ error: "file_size_mismatch" });
    await expect(readSmallBody(pieces(3, 3), 5)).rejects.toMatchObject({ error: "file_size_mismatch" });
  });
});
