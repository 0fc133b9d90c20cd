import { type Endpoint, ERROR_CATALOGUE, type ErrorName, endpoints, type HttpMethod } from "@nimbus/protocol";
import type { AuthScope } from "./plugins/auth-scopes.js";

/** The one error object every failure answers, as `components.schemas.Error`. */
export const ERROR_SCHEMA_NAME = "Error";
const ERROR_REF = { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` };

export const ERROR_SCHEMA = {
  type: "object",
  description: "The error object every failing call answers (docs/errors.md).",
  required: ["error", "error_code", "error_description", "error_uri", "details"],
  properties: {
    error: { type: "string", description: "The catalogue name: what clients switch on." },
    error_code: { type: "integer", description: "The spec's number (a drive code: its generic family's)." },
    error_description: { type: "string", description: "Localized from Accept-Language." },
    error_uri: { type: "string", description: "The request path." },
    details: { type: "array", items: { type: "object", additionalProperties: true } },
  },
} as const;

type Statuses = readonly number[] | Partial<Record<HttpMethod, readonly number[]>>;

/**
 * Success statuses of the operations whose answers are not JSON (files, tus, redirects, pages),
 * for which the contract holds no response schema. A new one fails `openapi.test.ts` until listed.
 */
export const RAW_SUCCESSES: Readonly<Record<string, Statuses>> = {
  "auth.providerAuthorize": [302],
  "auth.providerCallback": [302],
  "drive.downloadZip": [200, 206, 304],
  "drive.download": [200, 206, 302, 304],
  "drive.thumbnail": [200, 304],
  "drive.tusLocate": [201],
  "drive.tusUpload": { HEAD: [200], PATCH: [204] },
  "drive.tusCancel": [204],
  "drive.tusCapabilities": [204],
  "drive.tusUploadCapabilities": [204],
  "drive.appDownload": [302],
  "health.metrics": [200],
  "playback.hls": [200, 206, 304],
  "playback.savePosition": [204],
  "playback.subtitle": [200, 304],
  "rewards.exportCodes": [200],
  "shield.altchaScript": [200],
  "shield.challengePage": [200],
  "user.avatar": [200, 304],
};

/** Answers some JSON operations give besides their schema's (a conditional GET's 304). */
const EXTRA_SUCCESSES: Readonly<Record<string, readonly number[]>> = {
  "config.answer": [304],
};

/**
 * Failures of operations whose descriptions do not name them (protocol refusals answered in
 * plain text are listed by status only, under `text/plain`).
 */
const EXTRA_FAILURES: Readonly<Record<string, readonly (ErrorName | number)[]>> = {
  "drive.download": [
    "link_expired",
    "traffic_not_enough",
    "precondition_failed",
    "range_not_satisfiable",
    "file_not_found",
  ],
  "drive.downloadZip": ["link_expired", "traffic_not_enough", "range_not_satisfiable"],
  "drive.thumbnail": ["link_expired", "file_not_found"],
  "drive.tusLocate": [412, "upload_not_found", "file_size_mismatch"],
  "drive.tusUpload": [409, 412, "unsupported_media_type", "upload_not_found", "file_hash_mismatch"],
  "drive.tusCancel": [412, "upload_not_found"],
  "health.metrics": ["permission_denied"],
};

/** Plain-text protocol answers (tus): not the error object. */
const PLAIN_FAILURES: Readonly<Record<number, string>> = {
  409: "Upload-Offset conflict (tus): another request holds the upload, or it is complete; HEAD for the offset.",
  412: "`Tus-Resumable` missing or not `1.0.0` (tus); `Tus-Version` names the versions spoken.",
};

interface Operation {
  operationId?: string;
  description?: string;
  summary?: string;
  security?: unknown[];
  responses?: Record<string, { description: string; content?: Record<string, unknown> }>;
  [key: string]: unknown;
}

interface Document {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
  [key: string]: unknown;
}

interface Located {
  name: string;
  endpoint: Endpoint;
  methods: readonly HttpMethod[];
}

/** A wire path (`/files/{id}:copy`) with its parameter names left out, to compare paths. */
function wireKey(path: string): string {
  return path.replace(/\{\w+\}/g, "{}");
}

/** The same for a Fastify URL (`/files/:id::copy`, `:v([^/:]+)`). */
export function fastifyKey(url: string): string {
  return url
    .replace(/\([^)]*\)/g, "")
    .replaceAll("::", "\u0000")
    .replace(/:\w+/g, "{}")
    .replaceAll("\u0000", ":");
}

/** Every operation of the contract by `METHOD path`, named `area.operation`. */
function contractOperations(): Map<string, Located> {
  const found = new Map<string, Located>();
  for (const [area, operations] of Object.entries(endpoints)) {
    for (const [operation, endpoint] of Object.entries(operations as Record<string, Endpoint>)) {
      const methods = typeof endpoint.method === "string" ? [endpoint.method] : [...endpoint.method];
      for (const method of methods) {
        found.set(`${method} ${wireKey(endpoint.path)}`, { name: `${area}.${operation}`, endpoint, methods });
      }
    }
  }
  return found;
}

/** Catalogue names a description quotes: `` `file_not_found` ``. */
function quotedErrors(text: string | undefined): ErrorName[] {
  const names = new Set<ErrorName>();
  for (const [, name] of (text ?? "").matchAll(/`([a-z_]+)`/g)) {
    if (name && name in ERROR_CATALOGUE) names.add(name as ErrorName);
  }
  return [...names];
}

/** The failures an operation documents: by its inputs, its scope, its method and its description. */
function failuresOf(
  located: Located,
  method: HttpMethod,
  operation: Operation,
  scope: AuthScope | undefined,
): Map<number, Set<string>> {
  const { endpoint, name } = located;
  const names: (ErrorName | number)[] = ["internal"];
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.headers) names.push("invalid_argument");
  if (endpoint.params) names.push("not_found");
  if (scope === "signed-in" || scope === "admin") names.push("unauthenticated");
  if (scope === "admin") names.push("permission_denied");
  if (method !== "GET" && method !== "HEAD" && method !== "OPTIONS") names.push("insufficient_storage");
  names.push(...quotedErrors(operation.description), ...quotedErrors(operation.summary));
  names.push(...(EXTRA_FAILURES[name] ?? []));
  // A path parameter not found is the operation's own `…_not_found` when it names one.
  const specific = names.some(
    (n) => typeof n === "string" && n !== "not_found" && ERROR_CATALOGUE[n].status === 404,
  );
  const generic = names.indexOf("not_found");
  if (specific && generic >= 0) names.splice(generic, 1);
  const byStatus = new Map<number, Set<string>>();
  for (const entry of names) {
    const status = typeof entry === "number" ? entry : ERROR_CATALOGUE[entry].status;
    if (status < 400) continue;
    const list = byStatus.get(status) ?? new Set<string>();
    if (typeof entry === "string") list.add(entry);
    byStatus.set(status, list);
  }
  return byStatus;
}

function successesOf(located: Located, method: HttpMethod): number[] {
  const raw = RAW_SUCCESSES[located.name];
  if (raw) return [...(Array.isArray(raw) ? raw : ((raw as Record<string, number[]>)[method] ?? []))];
  const declared = Object.keys(located.endpoint.response ?? {})
    .map(Number)
    .filter((status) => status < 400);
  return [...declared, ...(EXTRA_SUCCESSES[located.name] ?? [])];
}

const REASONS: Readonly<Record<number, string>> = {
  200: "OK",
  201: "Created",
  204: "No Content",
  206: "Partial Content: the requested byte range",
  302: "Found: see `Location`",
  304: "Not Modified: the cached copy is current",
};

/**
 * Rewrites the generated document so it says what the server answers (decision 0067): each
 * operation its real success statuses, its failures by status with the one error schema (and
 * the catalogue names its documentation quotes), a `default` error, and a unique `operationId`
 * (`area.operation`, with the method when one path serves several). `scopes` is each route's
 * auth scope by `METHOD` and `fastifyKey(url)`; public operations need no token.
 */
export function describeResponses<D extends Document>(
  document: D,
  scopes: ReadonlyMap<string, AuthScope>,
): D {
  const operations = contractOperations();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [lower, shared] of Object.entries(item)) {
      const method = lower.toUpperCase() as HttpMethod;
      // The generator shares one object between the methods of a route (GET and HEAD).
      const operation: Operation = structuredClone(shared);
      item[lower] = operation;
      const key = `${method} ${wireKey(path)}`;
      const located = operations.get(key);
      if (!located) continue;
      const scope = scopes.get(key);
      operation.operationId =
        located.methods.length > 1 ? `${located.name}.${method.toLowerCase()}` : located.name;
      if (scope === "public") operation.security = [];
      else if (scope === "optional-user") operation.security = [{}, { bearer: [] }];
      const responses: NonNullable<Operation["responses"]> = {};
      const generated = operation.responses ?? {};
      for (const status of successesOf(located, method)) {
        const existing = generated[String(status)];
        responses[String(status)] = existing
          ? { ...existing, description: REASONS[status] ?? existing.description }
          : { description: REASONS[status] ?? "Success" };
      }
      // Statuses a JSON schema declares for a failure (e.g. /readyz's 503) keep their body.
      for (const [status, response] of Object.entries(generated)) {
        if (Number(status) >= 400) responses[status] = response;
      }
      for (const [status, names] of [...failuresOf(located, method, operation, scope)].sort(
        ([a], [b]) => a - b,
      )) {
        if (responses[String(status)]) continue;
        const plain = PLAIN_FAILURES[status];
        const listed = [...names].map((name) => `\`${name}\``).join(", ");
        responses[String(status)] =
          plain && located.name.startsWith("drive.tus")
            ? { description: plain, content: { "text/plain": { schema: { type: "string" } } } }
            : {
                description: listed ? `The error object: ${listed}.` : "The error object.",
                content: { "application/json": { schema: ERROR_REF } },
              };
      }
      responses.default = {
        description:
          "Any other failure: the error object (rate limits, frozen accounts, an unavailable store…).",
        content: { "application/json": { schema: ERROR_REF } },
      };
      operation.responses = responses;
    }
  }
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, [ERROR_SCHEMA_NAME]: ERROR_SCHEMA },
  };
  return document;
}
