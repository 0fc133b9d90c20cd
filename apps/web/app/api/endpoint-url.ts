import {
  buildPath,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointRef,
  type EndpointResponse,
  type RefEndpoint,
} from "@nimbus/protocol";

/** What a successful call of `endpoint` answers, inferred from the contract. */
export type EndpointAnswer<R extends EndpointRef> = EndpointResponse<RefEndpoint<R>>;

/** The parts of a call the contract types: path parameters, query and JSON body. */
export interface EndpointInput<R extends EndpointRef> {
  params?: EndpointParams<RefEndpoint<R>>;
  query?: EndpointQuery<RefEndpoint<R>>;
  body?: EndpointBody<RefEndpoint<R>>;
}

/** The endpoint's URL (path and query) for these parameters; undefined query values are left out. */
export function endpointUrl<R extends EndpointRef>(
  endpoint: R,
  { params, query }: Pick<EndpointInput<R>, "params" | "query"> = {},
): string {
  const path = buildPath(endpoint, (params ?? {}) as Record<string, string>);
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
