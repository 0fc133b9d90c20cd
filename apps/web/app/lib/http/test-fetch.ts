import type { FetchInit, FetchLike, FetchResponse } from "./request.js";

/** A JSON answer for a fake fetch. */
export function answer(status: number, body?: unknown): FetchResponse {
  // A 204 answer may not carry a body, not even an empty one.
  return new Response(body === undefined ? null : JSON.stringify(body), { status });
}

/** A scripted `fetch` for tests: each call takes the next answer (an Error is thrown as a network failure). */
export function scriptedFetch(...answers: (FetchResponse | Error | ((url: string) => FetchResponse))[]) {
  const calls: { url: string; init: FetchInit }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    const next = answers.shift();
    if (next === undefined) throw new Error(`unexpected fetch ${init.method} ${url}`);
    if (next instanceof Error) throw next;
    return typeof next === "function" ? next(url) : next;
  };
  return { fetch, calls };
}
