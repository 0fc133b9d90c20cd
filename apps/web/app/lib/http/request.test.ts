import { type ErrorBody, NimbusError } from "@nimbus/protocol";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-error.js";
import {
  createRequestClient,
  DEFAULT_RETRY,
  isRetryable,
  MAX_RETRY,
  RETRY_PAUSE_MS,
  type RequestClientConfig,
} from "./request.js";
import { answer, scriptedFetch } from "./test-fetch.js";

const ORIGINS = ["https://a.test", "https://b.test", "https://c.test"];

function client(script: ReturnType<typeof scriptedFetch>, extra: Partial<RequestClientConfig> = {}) {
  const pauses: number[] = [];
  const request = createRequestClient({
    origins: ORIGINS,
    locale: () => "ja",
    fetch: script.fetch,
    sleep: async (ms) => {
      pauses.push(ms);
    },
    ...extra,
  });
  return { request, pauses };
}

async function failure(promise: Promise<unknown>): Promise<NimbusError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof NimbusError) return error;
    throw error;
  }
  throw new Error("expected a failure");
}

const errorBody: ErrorBody = {
  error: "file_not_found",
  error_code: 5,
  error_description: "File not found",
  error_uri: "/drive/v1/files/x",
  details: [{ "@type": "type.googleapis.com/google.rpc.LocalizedMessage", locale: "ja", message: "なし" }],
};

afterEach(() => {
  vi.useRealTimers();
});

describe("request helper (spec §7)", () => {
  it("sends Accept-Language, cookies in CORS mode and a JSON body with its content type", async () => {
    const script = scriptedFetch(answer(200, { ok: 1 }));
    const { request } = client(script);
    await expect(
      request({ method: "post", path: "/v1/x", query: { a: 1, b: undefined, c: "y z" }, body: { n: 2 } }),
    ).resolves.toEqual({ ok: 1 });
    expect(script.calls).toEqual([
      {
        url: "https://a.test/v1/x?a=1&c=y+z",
        init: {
          method: "POST",
          headers: { "Accept-Language": "ja", "Content-Type": "application/json" },
          body: '{"n":2}',
          credentials: "include",
          mode: "cors",
        },
      },
    ]);
  });

  it("defaults to GET without a body or content type, and lets a call omit credentials", async () => {
    const script = scriptedFetch(answer(200, {}), answer(204));
    const { request } = client(script);
    await request({ path: "/about", headers: { "x-extra": "1" } });
    await expect(request({ path: "/none", credentials: "omit" })).resolves.toBeUndefined();
    expect(script.calls[0]?.init).toEqual({
      method: "GET",
      headers: { "Accept-Language": "ja", "x-extra": "1" },
      credentials: "include",
      mode: "cors",
    });
    expect(script.calls[1]?.init.credentials).toBe("omit");
  });

  it("treats a body carrying an error field as a failure, even with status 200, and keeps the body", async () => {
    const script = scriptedFetch(answer(200, errorBody));
    const { request } = client(script);
    const error = await failure(request({ path: "/drive/v1/files/x" }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ error: "file_not_found", code: 5, status: 200, message: "File not found" });
    expect((error as ApiError).body).toEqual(errorBody);
    expect(script.calls).toHaveLength(1);
  });

  it("keeps an error name it does not know in the body and reports it as unknown", async () => {
    const script = scriptedFetch(answer(400, { error: "brand_new", error_code: 4999 }));
    const error = (await failure(client(script).request({ path: "/v1/y?q=1" }))) as ApiError;
    expect(error.error).toBe("unknown");
    expect(error.code).toBe(4999);
    expect(error.body).toEqual({
      error: "brand_new",
      error_code: 4999,
      error_description: "",
      error_uri: "/v1/y",
      details: [],
    });
  });

  it("does not retry 4xx answers", async () => {
    const script = scriptedFetch(answer(401, { error: "unauthenticated", error_code: 16 }));
    const { request, pauses } = client(script);
    expect(await failure(request({ path: "/me" }))).toMatchObject({ error: "unauthenticated", status: 401 });
    expect(script.calls).toHaveLength(1);
    expect(pauses).toEqual([]);
  });

  it("turns a network failure into unreachable (8000) after 1 + 2 attempts, 300 ms apart", async () => {
    const script = scriptedFetch(new TypeError("a"), new TypeError("b"), new TypeError("Failed to fetch"));
    const { request, pauses } = client(script);
    const error = await failure(request({ path: "/x" }));
    expect(error).toMatchObject({ error: "unreachable", code: 8000, message: "Failed to fetch" });
    expect(DEFAULT_RETRY).toBe(2);
    expect(RETRY_PAUSE_MS).toBe(300);
    expect(script.calls).toHaveLength(3);
    expect(pauses).toEqual([300, 300]);
  });

  it("retries 5xx answers and rotates the origin on each retry", async () => {
    const script = scriptedFetch(
      answer(503, { error: "unavailable", error_code: 14 }),
      answer(500),
      answer(200, { done: true }),
      answer(200, {}),
    );
    const { request } = client(script);
    await expect(request({ path: "/x" })).resolves.toEqual({ done: true });
    expect(script.calls.map((call) => call.url)).toEqual([
      "https://a.test/x",
      "https://b.test/x",
      "https://c.test/x",
    ]);
    // The next request starts where the last one succeeded.
    expect(request.origin).toBe("https://c.test");
    await request({ path: "/y" });
    expect(script.calls[3]?.url).toBe("https://c.test/y");
  });

  it("wraps around the origin list", async () => {
    const script = scriptedFetch(...Array.from({ length: 5 }, () => new TypeError("down")));
    await failure(client(script).request({ path: "/x", retry: 4 }));
    expect(script.calls.map((call) => new URL(call.url).host)).toEqual([
      "a.test",
      "b.test",
      "c.test",
      "a.test",
      "b.test",
    ]);
  });

  it("reports a 5xx without an error body as unavailable, and another status as unknown", async () => {
    const script = scriptedFetch(answer(502), answer(404));
    const { request } = client(script);
    expect(await failure(request({ path: "/x", retry: 0 }))).toMatchObject({
      error: "unavailable",
      status: 502,
      message: "HTTP 502",
    });
    expect(await failure(request({ path: "/x" }))).toMatchObject({ error: "unknown", status: 404 });
    expect(script.calls).toHaveLength(2);
  });

  it("fails an unreadable 2xx answer as unknown without retrying", async () => {
    const script = scriptedFetch(new Response("<html>", { status: 200 }));
    expect(await failure(client(script).request({ path: "/x" }))).toMatchObject({ error: "unknown" });
    expect(script.calls).toHaveLength(1);
  });

  it("accepts retry 0 to 4: 0 makes one attempt, 4 makes five", async () => {
    const none = scriptedFetch(new TypeError("x"));
    await failure(client(none).request({ path: "/x", retry: 0 }));
    expect(none.calls).toHaveLength(1);
    const most = scriptedFetch(...Array.from({ length: 5 }, () => new TypeError("x")));
    const { request, pauses } = client(most);
    await failure(request({ path: "/x", retry: MAX_RETRY }));
    expect(most.calls).toHaveLength(5);
    expect(pauses).toEqual([300, 300, 300, 300]);
  });

  it.each([-1, 5, 1.5, Number.NaN, "2", null])("rejects retry %s with local (8001)", async (retry) => {
    const script = scriptedFetch();
    const error = await failure(client(script).request({ path: "/x", retry: retry as number }));
    expect(error).toMatchObject({ error: "local", code: 8001, message: "wrong options param: retry" });
    expect(script.calls).toHaveLength(0);
  });

  it("turns an abort into cancelled without retrying", async () => {
    const controller = new AbortController();
    const script = scriptedFetch(() => {
      controller.abort();
      throw new DOMException("aborted", "AbortError");
    });
    const error = await failure(client(script).request({ path: "/x", signal: controller.signal }));
    expect(error).toMatchObject({ error: "cancelled", code: 1 });
    expect(script.calls).toHaveLength(1);
  });

  it("never rotates an absolute URL", async () => {
    const script = scriptedFetch(new TypeError("x"), answer(200, { accessible: true }));
    await client(script).request({ path: "https://region.test/access_controller/v1/area_accessible" });
    expect(script.calls.map((call) => call.url)).toEqual([
      "https://region.test/access_controller/v1/area_accessible",
      "https://region.test/access_controller/v1/area_accessible",
    ]);
  });

  it("waits 300 ms of real timer time between attempts by default", async () => {
    vi.useFakeTimers();
    const script = scriptedFetch(new TypeError("x"), answer(200, {}));
    const request = createRequestClient({ origins: ORIGINS, locale: () => "en-US", fetch: script.fetch });
    const pending = request({ path: "/x" });
    await vi.advanceTimersByTimeAsync(299);
    expect(script.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(script.calls).toHaveLength(2);
    await expect(pending).resolves.toEqual({});
  });

  it("classifies retryable failures", () => {
    expect(isRetryable(new NimbusError("unreachable"))).toBe(true);
    expect(isRetryable(new ApiError({ ...errorBody, error: "internal" }, 500))).toBe(true);
    expect(isRetryable(new ApiError({ ...errorBody, error: "internal" }, 599))).toBe(true);
    expect(isRetryable(new ApiError(errorBody, 404))).toBe(false);
    expect(isRetryable(new ApiError({ ...errorBody, error: "internal" }, 200))).toBe(false);
    expect(isRetryable(new NimbusError("internal"))).toBe(false);
    expect(isRetryable(new NimbusError("local"))).toBe(false);
    expect(isRetryable(new Error("x"))).toBe(false);
  });

  it("needs at least one origin", () => {
    expect(() => createRequestClient({ origins: [], locale: () => "en-US" })).toThrow(NimbusError);
  });
});
