import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { droppedPatch, gcidOf, listen, onOrigin, patternBytes, startUpload } from "./support/uploads.js";
import { signUp, type TestUser } from "./support/users.js";

const MiB = 1024 * 1024;
const TUS_ROUTE = "/drive/v1/uploads/tus/:uploadId";

/** One sample line of the Prometheus text format 0.0.4: name, optional labels, a number (Go's ParseFloat: NaN and Inf in any case). */
const SAMPLE =
  /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([a-zA-Z_][a-zA-Z0-9_]*="(\\.|[^"\\])*",?)*\})? (-?[0-9.e+-]+|[Nn]a[Nn]|[+-]?[Ii]nf)$/;

/** Parses an exposition: every sample's family has one HELP and one TYPE before it; throws otherwise. */
function parseExposition(text: string): Map<string, number> & { families: Set<string> } {
  const helped = new Set<string>();
  const typed = new Map<string, string>();
  const samples = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (comment) {
      const [, kind, name, rest] = comment as unknown as [string, string, string, string];
      if (kind === "HELP") {
        if (helped.has(name)) throw new Error(`second HELP for ${name}`);
        helped.add(name);
      } else {
        if (typed.has(name)) throw new Error(`second TYPE for ${name}`);
        if (!["counter", "gauge", "histogram", "summary", "untyped"].includes(rest))
          throw new Error(`bad TYPE ${line}`);
        typed.set(name, rest);
      }
      continue;
    }
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`not a sample: ${line}`);
    const name = sample[1] as string;
    const family = [...typed.keys()].find(
      (f) =>
        name === f ||
        (/^(histogram|summary)$/.test(typed.get(f) ?? "") &&
          /_(bucket|sum|count)$/.test(name) &&
          name.startsWith(`${f}_`)),
    );
    if (!family || !helped.has(family)) throw new Error(`sample without HELP/TYPE: ${line}`);
    samples.set(line.slice(0, line.lastIndexOf(" ")), Number(sample[5]));
  }
  for (const family of typed.keys()) if (!helped.has(family)) throw new Error(`TYPE without HELP: ${family}`);
  return Object.assign(samples, { families: new Set(typed.keys()) });
}

describe("/metrics", () => {
  let t: TestApp;
  let origin: string;
  let alice: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: { FREE_STORAGE_BYTES: String(64 * MiB) } });
    origin = await listen(t.app);
    alice = await signUp(t.app);
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const answer = await t.app.inject({ url: "/metrics", remoteAddress: "127.0.0.1" });
    expect(answer.statusCode).toBe(200);
    return parseExposition(answer.body);
  };
  const receivedOnTus = (samples: Map<string, number>) =>
    samples.get(`nimbus_http_received_bytes_total{route="${TUS_ROUTE}"}`) ?? 0;

  it("counts the bytes of a PATCH cut mid-way", async () => {
    const bytes = patternBytes(8 * MiB, 3);
    const created = await startUpload(t.app, alice, {
      name: "cut.bin",
      size: String(bytes.length),
      hash: gcidOf(bytes),
    });
    expect(created.statusCode).toBe(200);
    const url = onOrigin(created.json().resumable.params.url, origin);
    const before = receivedOnTus(await scrape());
    await droppedPatch(url, alice.token, bytes, 5 * MiB);
    const head = await fetch(url, { method: "HEAD", headers: { ...alice.auth, "tus-resumable": "1.0.0" } });
    const stored = Number(head.headers.get("upload-offset"));
    // What a cut PATCH keeps depends on the store (S3 keeps whole parts only): something was.
    expect(stored).toBeGreaterThan(0);
    // The socket read what was stored (and the headers around it), never the declared 8 MiB.
    let counted = 0;
    for (let i = 0; i < 50 && counted < stored; i++) {
      counted = receivedOnTus(await scrape()) - before;
      if (counted < stored) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(counted).toBeGreaterThanOrEqual(stored);
    expect(counted).toBeLessThan(bytes.length);
  });

  it("exposes the process and Node.js series and the data volume's free bytes, in valid text format", async () => {
    const samples = await scrape();
    const names = samples.families;
    for (const name of [
      "process_cpu_seconds_total",
      "process_resident_memory_bytes",
      "nodejs_heap_size_used_bytes",
      "nodejs_eventloop_lag_p99_seconds",
      "nodejs_active_handles_total",
      "nodejs_gc_duration_seconds",
      "nimbus_http_requests_total",
    ]) {
      expect(names, name).toContain(name);
    }
    expect(samples.get('nimbus_volume_free_bytes{volume="data"}')).toBeGreaterThan(0);
  });

  it("the parser refuses what Prometheus would", () => {
    expect(() => parseExposition("orphan 1\n")).toThrow(/without HELP/);
    expect(() => parseExposition("# HELP a x\n# TYPE a gauge\na{b=c} 1\n")).toThrow(/not a sample/);
    expect(parseExposition('# HELP a x\n# TYPE a gauge\na{b="c"} 1.5\n').get('a{b="c"}')).toBe(1.5);
  });
});
