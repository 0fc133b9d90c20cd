import type { endpoints } from "./contract.js";
import type { Endpoint, EndpointRef } from "./define.js";
import { endpointLocations } from "./locations.js";

type Refs<T> = {
  readonly [A in keyof T]: { readonly [N in keyof T[A]]: EndpointRef<Extract<T[A][N], Endpoint>> };
};

/**
 * The contract as the browser holds it: each operation's method and path, with its
 * schemas as types only, so calls are typed without shipping Zod to the page.
 */
export const nimbusApi = endpointLocations as Refs<typeof endpoints>;
