import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import type { ApiFailure, ApiResult } from "./client.js";

/** A failed API call inside a query or mutation: TanStack Query hands it back as `error`. */
export class FailedCall extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.error);
    this.name = "FailedCall";
  }
}

/** The data of an API answer, or a `FailedCall` thrown: what `queryFn`/`mutationFn` return. */
export async function dataOrThrow<T>(answer: Promise<ApiResult<T>>): Promise<T> {
  const result = await answer;
  if (!result.ok) throw new FailedCall(result.error);
  return result.data;
}

/** The API failure behind a query's or mutation's `error` (anything else: a client fault). */
export function failureOf(error: unknown): ApiFailure {
  if (error instanceof FailedCall) return error.failure;
  return { error: "unknown", error_description: "", status: 0 };
}

/**
 * The data layer of the signed-in app (decision 0062): one query cache per page load (per
 * request on the server), shared by every drive view. Refetches on focus and reconnect;
 * one retry, and none for a 4xx answer or no answer at all (it will not change by asking again).
 */
export function QueryRoot({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        // "always": a call made offline runs and fails as unreachable, so the view says the
        // connection is the problem (TanStack's default pauses it and leaves the last answer up).
        defaultOptions: {
          queries: {
            networkMode: "always",
            staleTime: 5_000,
            retry: (count, error) =>
              count < 1 && !(error instanceof FailedCall && error.failure.status < 500),
          },
          mutations: { networkMode: "always", retry: false },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
