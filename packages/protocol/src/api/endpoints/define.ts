import type { z } from "zod";

export type HttpMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

/**
 * Where an operation lives: its method(s) and its path as the wire shows it, with
 * `{name}` for a path parameter (`/drive/v1/files/{id}/ancestors`) and literal colons
 * as they are (`/drive/v1/files:batchMove`). Holds no schema, so the browser can
 * import it without Zod.
 */
export interface EndpointLocation {
  readonly method: HttpMethod | readonly HttpMethod[];
  readonly path: string;
}

type Schema = z.ZodType;

/**
 * The schemas of an operation, as the server validates them: `response` maps a status
 * to its body (absent for answers that are not JSON: files, HTML, scripts, tus).
 */
export interface EndpointSchemas {
  readonly params?: Schema;
  readonly query?: Schema;
  readonly body?: Schema;
  readonly headers?: Schema;
  readonly response?: Readonly<Record<number, Schema>>;
}

export type Endpoint = EndpointLocation & EndpointSchemas;

/** Pairs a location with its schemas: the one place a path meets its types. */
export function defineEndpoint<const L extends EndpointLocation, const S extends EndpointSchemas>(
  location: L,
  schemas: S,
): L & S {
  return { ...location, ...schemas };
}

/** A location the browser holds, carrying the endpoint's schemas as types only. */
export type EndpointRef<E extends Endpoint = Endpoint> = EndpointLocation & { readonly __endpoint?: E };

type Field<E, K extends string> = E extends { readonly [P in K]: infer S extends Schema }
  ? z.input<S>
  : undefined;

export type EndpointParams<E> = Field<E, "params">;
export type EndpointQuery<E> = Field<E, "query">;
export type EndpointBody<E> = Field<E, "body">;

type SuccessSchema<E> = E extends { readonly response: infer R }
  ? R extends { readonly 200: infer S extends Schema }
    ? S
    : R extends { readonly 201: infer S extends Schema }
      ? S
      : never
  : never;

/** The JSON a successful call answers. */
export type EndpointResponse<E> = [SuccessSchema<E>] extends [never] ? undefined : z.output<SuccessSchema<E>>;

/** The endpoint a browser reference stands for. */
export type RefEndpoint<R> = R extends { readonly __endpoint?: infer E } ? E : never;

/** The same path in Fastify's syntax: `:name` parameters, `::` for a literal colon. */
export function fastifyPath(path: string): string {
  // A parameter right before a literal `:` (`{version}:rollback`) ends at that colon.
  return path
    .replaceAll(":", "::")
    .replace(/\{(\w+)\}(?=::)/g, ":$1([^/:]+)")
    .replace(/\{(\w+)\}/g, ":$1");
}

/** The path with its parameters filled in (encoded). */
export function buildPath(location: EndpointLocation, params: Record<string, string | number> = {}): string {
  return location.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${location.path}`);
    return encodeURIComponent(String(value));
  });
}

/** The single method a client sends (the first of a GET/HEAD pair). */
export function methodOf(location: EndpointLocation): HttpMethod {
  return typeof location.method === "string" ? location.method : (location.method[0] ?? "GET");
}
