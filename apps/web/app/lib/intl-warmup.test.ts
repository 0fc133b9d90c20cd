import { afterEach, describe, expect, it, vi } from "vitest";
import { INTL_WARMUP_SOURCE, warmIntl } from "./intl-warmup.js";

/** A stand-in Worker that runs the source in this thread, as the browser runs it on another. */
class FakeWorker {
  static last: FakeWorker | undefined;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  terminated = false;
  private scope: { onmessage: ((event: { data: unknown }) => void) | undefined } = { onmessage: undefined };
  constructor(readonly url: string) {
    FakeWorker.last = this;
    const post = (data: unknown) => queueMicrotask(() => this.onmessage?.({ data }));
    new Function("postMessage", "self", `with (self) { ${INTL_WARMUP_SOURCE} }`)(post, this.scope);
  }
  postMessage(data: unknown) {
    this.scope.onmessage?.({ data });
  }
  terminate() {
    this.terminated = true;
  }
}

describe("warmIntl", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("creates the page's formatters on a worker in its language, then ends the worker", async () => {
    const created: string[] = [];
    class Recording extends Intl.DateTimeFormat {
      constructor(locale: string, options?: Intl.DateTimeFormatOptions) {
        super(locale, options);
        created.push(locale);
      }
    }
    vi.stubGlobal("Intl", Object.create(Intl, { DateTimeFormat: { value: Recording } }));
    vi.stubGlobal("Worker", FakeWorker);
    const revoked = vi.spyOn(URL, "revokeObjectURL");
    warmIntl("ja");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(created).toContain("ja");
    expect(FakeWorker.last?.terminated).toBe(true);
    expect(revoked).toHaveBeenCalledWith(FakeWorker.last?.url);
    revoked.mockRestore();
  });

  it("does nothing without workers, and never throws when a worker cannot start", () => {
    vi.stubGlobal("Worker", undefined);
    expect(() => warmIntl("en-US")).not.toThrow();
    vi.stubGlobal(
      "Worker",
      class {
        constructor() {
          throw new Error("blocked by the page's policy");
        }
      },
    );
    expect(() => warmIntl("en-US")).not.toThrow();
  });
});
