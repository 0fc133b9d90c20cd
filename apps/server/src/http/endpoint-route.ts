import { type Endpoint, fastifyPath } from "@nimbus/protocol";
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptions,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { NimbusApp } from "./types.js";

type Part<E, K extends string> = E extends { readonly [P in K]: infer S } ? S : undefined;

/** An endpoint's schemas in Fastify's words (`query` is Fastify's `querystring`). */
export type EndpointSchema<E extends Endpoint> = {
  params: Part<E, "params">;
  querystring: Part<E, "query">;
  body: Part<E, "body">;
  headers: Part<E, "headers">;
  response: Part<E, "response">;
};

export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  EndpointSchema<E>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** What a route adds to its endpoint: documentation (tags, summary…) and Fastify options. */
export type EndpointRouteOptions = Omit<RouteShorthandOptions, "schema"> & {
  schema?: Omit<FastifySchema, "params" | "querystring" | "body" | "headers" | "response">;
};

/**
 * Registers `endpoint` of the protocol's contract: method, path and validation schemas
 * come from the contract, the rest (docs, body limits, hooks) from the route module.
 */
export function route<E extends Endpoint>(
  app: NimbusApp,
  endpoint: E,
  options: EndpointRouteOptions,
  handler: EndpointHandler<E>,
): void {
  const schema: Record<string, unknown> = { ...options.schema };
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.headers) schema.headers = endpoint.headers;
  if (endpoint.response) schema.response = endpoint.response;
  app.route({
    ...options,
    method: typeof endpoint.method === "string" ? endpoint.method : [...endpoint.method],
    url: fastifyPath(endpoint.path),
    schema,
    handler,
  } as RouteOptions);
}
