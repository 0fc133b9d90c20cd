import path from "node:path";
import { NimbusError } from "@nimbus/protocol";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FileRow } from "../../modules/files/index.js";
import { evaluateIf, type IfList, parseIf, submittedTokens } from "../../modules/webdav/dav-if.js";
import {
  blockingLock,
  covers,
  type DavLock,
  type LockDepth,
  lockPath,
  lockTimeout,
  type Touched,
} from "../../modules/webdav/dav-locks.js";
import { etagOf, isCollection, propsFor } from "../../modules/webdav/dav-props.js";
import { spoolWithin } from "../../modules/webdav/dav-spool.js";
import type { DavResource } from "../../modules/webdav/dav-tree.js";
import {
  activeLockXml,
  type DavResponse,
  davError,
  type LockInfo,
  multistatus,
  type PropertyChange,
  parseLockInfo,
  parsePropertyUpdate,
  parsePropfind,
} from "../../modules/webdav/dav-xml.js";
import type { Services } from "../../services.js";
import { serveFile } from "../serve-file.js";
import type { NimbusApp } from "../types.js";
import { davUser } from "./dav-auth.js";

export const DAV_PREFIX = "/dav";
/** What this server answers under `/dav/` today. */
const ALLOWED = [
  "OPTIONS",
  "PROPFIND",
  "PROPPATCH",
  "GET",
  "HEAD",
  "PUT",
  "MKCOL",
  "DELETE",
  "COPY",
  "MOVE",
  "LOCK",
  "UNLOCK",
];
/** Methods with no meaning here: 405 with `Allow`, rather than a 404 from the router. */
const NOT_SERVED = ["POST"];
const DAV_METHODS = ["PROPFIND", "PROPPATCH", "MKCOL", "COPY", "MOVE", "LOCK", "UNLOCK"];
const XML = "application/xml; charset=utf-8";
const MAX_PROPFIND_BODY = 64 * 1024;

/** The decoded names of a `/dav/...` path, root first; `..`, `.` and undecodable names are refused. */
export function davSegments(url: string): string[] {
  const pathname = url.split("?")[0] ?? "";
  const rest = pathname.slice(DAV_PREFIX.length);
  const segments: string[] = [];
  for (const raw of rest.split("/")) {
    if (raw === "") continue;
    let name: string;
    try {
      name = decodeURIComponent(raw);
    } catch {
      throw new NimbusError("invalid_argument", "the path is not valid UTF-8 percent-encoding");
    }
    if (name === "." || name === ".." || name.includes("/"))
      throw new NimbusError("invalid_argument", "bad path");
    segments.push(name);
  }
  return segments;
}

/** The id dead properties are kept under: the item's, '' for the root. */
function fileIdOf(resource: DavResource): string {
  return resource.kind === "root" ? "" : resource.row.id;
}

/** The href of a resource: `/dav/` and its names, each percent-encoded; collections end with `/`. */
export function davHref(segments: readonly string[], collection: boolean): string {
  const path = segments.map((name) => encodeURIComponent(name)).join("/");
  if (path === "") return `${DAV_PREFIX}/`;
  return `${DAV_PREFIX}/${path}${collection ? "/" : ""}`;
}

/** The host name of a `Host` header (no port: behind TLS the client's port is not ours). */
function hostnameOf(host: string): string {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return host;
  }
}

/**
 * The names a `Destination` header points at (RFC 4918 §10.3): an absolute URI on this host or
 * an absolute path, under `/dav/`. `"foreign"` for another host (502), undefined when unusable.
 */
export function destinationSegments(
  destination: string | undefined,
  host: string | undefined,
): string[] | "foreign" | undefined {
  if (!destination) return undefined;
  let url: URL;
  try {
    url = new URL(destination, "http://destination.invalid");
  } catch {
    return undefined;
  }
  if (url.host !== "destination.invalid" && host !== undefined && url.hostname !== hostnameOf(host)) {
    return "foreign";
  }
  if (url.pathname !== DAV_PREFIX && !url.pathname.startsWith(`${DAV_PREFIX}/`)) return undefined;
  try {
    return davSegments(url.pathname);
  } catch {
    return undefined;
  }
}

/**
 * WebDAV at `/dav/` (RFC 4918): the drive by paths of names, signed in with an app
 * password (`dav-auth.ts`). Served today: `OPTIONS`, `PROPFIND` (depth 0 and 1, with the
 * RFC 4331 quota properties) and `GET`/`HEAD` through the downloads' byte path (`Range`,
 * conditional requests, traffic counted like a download), `PUT` (the uploads' writer), `MKCOL`,
 * `DELETE` (to the trash), `COPY` and `MOVE` (metadata only, `Overwrite`, `Destination` checks).
 * The other writing methods answer 405.
 */
export async function registerWebDav(app: NimbusApp, services: Services): Promise<void> {
  for (const method of DAV_METHODS) {
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
  }
  const { appPasswordSignin, davTree, davProperties, davLocks, files, operations, uploads, traffic, config } =
    services;
  const allowInsecure = config.webdav.allowInsecure;
  const tempDir = path.join(config.dataDir, "tmp");
  const signIn = (request: FastifyRequest, reply: FastifyReply) =>
    davUser(request, reply, appPasswordSignin, allowInsecure);

  /** The href of a lock's root: a collection's ends with `/` (an ancestor of a locked resource is one). */
  const lockRootHref = async (userId: string, lock: DavLock, collection?: boolean): Promise<string> => {
    const segments = lock.path === "" ? [] : lock.path.split("/");
    if (collection === undefined) {
      const resource = await davTree.resolve(userId, segments);
      collection = resource !== undefined && isCollection(resource);
    }
    return davHref(segments, collection);
  };

  /** The `<D:activelock>`s of the locks on `path`. */
  const lockDiscovery = (locks: readonly DavLock[], path: string, collection: boolean): string =>
    locks
      .filter((lock) => covers(lock, path))
      .map((lock) =>
        activeLockXml(
          lock,
          davHref(lock.path === "" ? [] : lock.path.split("/"), lock.path !== path || collection),
          (lock.expiresAt - services.clock.now()) / 1000,
        ),
      )
      .join("");

  /**
   * The checks of RFC 4918 §10.4 and §7 before a request changes anything: its `If` header
   * must hold (else 412), and every lock on what it `touches` must have its token submitted
   * in it (else 423 with `lock-token-submitted`). Answers the refusal itself and returns
   * undefined then; else the user's locks and the submitted tokens.
   */
  const checkLocks = async (
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    touched: readonly Touched[],
  ): Promise<{ locks: DavLock[]; submitted: Set<string>; lists: IfList[] } | undefined> => {
    const locks = await davLocks.active(userId);
    const header = request.headers.if;
    let lists: IfList[] = [];
    if (typeof header === "string" && header.trim() !== "") {
      try {
        lists = parseIf(header);
      } catch {
        reply.code(400).send();
        return undefined;
      }
      const holds = await evaluateIf(lists, async (tag) => {
        let segments: string[] | undefined;
        if (tag === undefined) segments = davSegments(request.url);
        else {
          const named = destinationSegments(tag, request.headers.host);
          segments = named === "foreign" ? undefined : named;
        }
        if (!segments) return undefined;
        const resource = await davTree.resolve(userId, segments);
        const path = lockPath(segments);
        return {
          etag: resource ? etagOf(resource) : undefined,
          tokens: new Set(locks.filter((lock) => covers(lock, path)).map((lock) => lock.token)),
        };
      });
      if (!holds) {
        reply.code(412).send();
        return undefined;
      }
    }
    const submitted = submittedTokens(lists);
    const blocking = blockingLock(locks, touched, submitted);
    if (blocking) {
      reply
        .code(423)
        .type(XML)
        .send(davError("lock-token-submitted", [await lockRootHref(userId, blocking)]));
      return undefined;
    }
    return { locks, submitted, lists };
  };

  /** What a request changing `segments` touches: the resource (and below, when `deep`) and its parent's members. */
  const touching = (segments: readonly string[], deep = false): Touched[] => [
    { path: lockPath(segments), deep },
    ...(segments.length > 0 ? [{ path: lockPath(segments.slice(0, -1)) }] : []),
  ];

  // PUT streams the raw body into the blob store: its own context, where no body is parsed.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    for (const url of [DAV_PREFIX, `${DAV_PREFIX}/*`]) {
      scope.route({
        method: "PUT",
        url,
        schema: { hide: true },
        bodyLimit: Number.MAX_SAFE_INTEGER,
        handler: async (request, reply) => {
          const userId = await signIn(request, reply);
          const segments = davSegments(request.url);
          const name = segments.at(-1);
          if (name === undefined) return reply.code(405).header("allow", "OPTIONS, PROPFIND").send();
          // The size the client says: Content-Length, or Finder's X-Expected-Entity-Length beside
          // a chunked body; none for a chunked body of unknown length.
          const declaredHeader =
            request.headers["content-length"] ??
            request.headers["x-expected-entity-length"] ??
            (request.headers["transfer-encoding"] ? undefined : "0");
          const length = declaredHeader === undefined ? undefined : String(declaredHeader);
          if (length !== undefined && !/^\d+$/.test(length)) return reply.code(400).send();
          if (request.headers["content-range"] !== undefined) return reply.code(400).send();
          const parent = await davTree.resolve(userId, segments.slice(0, -1));
          if (!parent || !isCollection(parent)) return reply.code(409).send();
          const existing = await davTree.resolve(userId, segments);
          if (existing && isCollection(existing))
            return reply.code(405).header("allow", ALLOWED.join(", ")).send();
          // Replacing a file changes it; a new one changes its folder's members too.
          const touched = existing ? [{ path: lockPath(segments) }] : touching(segments);
          if (!(await checkLocks(request, reply, userId, touched))) return reply;
          const parentId = parent.kind === "root" ? "" : parent.row.id;
          const aborted = new AbortController();
          request.raw.once("close", () => {
            if (!request.raw.complete) aborted.abort(new Error("the client went away"));
          });
          // ownCloud's and Nextcloud's clients (and rclone for them) send the file's own time, in seconds.
          const mtime = String(request.headers["x-oc-mtime"] ?? "");
          const modifiedAt = /^\d{1,12}$/.test(mtime) ? Number(mtime) * 1000 : undefined;
          // The space left is checked before any byte (a declared size) and as the bytes arrive;
          // the size is reserved when the file is filed, which refuses it if others took the space.
          const { quota } = await files.about(userId);
          const available = Math.max(0, Number(quota.limit) - Number(quota.usage));
          const declared = length === undefined ? undefined : Number(length);
          const refuse = (error: unknown): never => {
            // Refused before or in the middle of the body: close the connection, do not read the rest.
            reply.header("connection", "close");
            throw error;
          };
          if (declared !== undefined && declared > available) {
            refuse(new NimbusError("file_space_not_enough", "the file is larger than the space left"));
          }
          // Written like a cloud download's file (the uploads' writer, the GCID hashed right behind
          // the writes when the size is known), then filed as an upload: reserved, adopted into
          // the blob store without a copy (deduplicated by content), usage charged, event recorded.
          const spooled = await spoolWithin(
            request.raw,
            tempDir,
            Math.min(available, declared ?? available),
            {
              signal: aborted.signal,
              ...(declared !== undefined && {
                onWritten: (file: string, end: number) => uploads.fetchedWritten(file, declared, end),
              }),
            },
          ).catch(refuse);
          let row: FileRow;
          try {
            if (declared !== undefined && spooled.size !== declared) {
              throw new NimbusError(
                "file_size_mismatch",
                `the body had ${spooled.size} of ${declared} bytes`,
              );
            }
            row = await uploads.storeFetched(
              userId,
              {
                parentId,
                folders: [],
                name,
                size: spooled.size,
                ...(modifiedAt !== undefined && { modifiedAt }),
              },
              spooled.file,
            );
          } catch (error) {
            uploads.fetchedRestarted(spooled.file);
            throw error;
          } finally {
            await spooled.remove();
          }
          if (modifiedAt !== undefined) reply.header("x-oc-mtime", "accepted");
          if (existing?.kind === "item") {
            // The new version was stored beside the old one, complete and fsynced; now, in one
            // transaction, the old one goes to the trash (restorable) and the new takes its name.
            // A PUT that fails or is cut off before leaves the old file as it was.
            const replaced = await operations.replace(userId, existing.row.id, row.id);
            return reply
              .code(204)
              .header("etag", etagOf({ kind: "item", row: replaced }))
              .send();
          }
          return reply
            .code(201)
            .header("etag", etagOf({ kind: "item", row }))
            .header("location", davHref(segments, false))
            .send();
        },
      });
    }
  });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "string", bodyLimit: MAX_PROPFIND_BODY },
      (_request, body, done) => done(null, body),
    );

    for (const url of [DAV_PREFIX, `${DAV_PREFIX}/*`]) {
      scope.route({
        method: "OPTIONS",
        url,
        schema: { hide: true },
        handler: async (_request, reply) =>
          reply
            .code(200)
            .header("dav", "1, 2")
            .header("allow", ALLOWED.join(", "))
            .header("ms-author-via", "DAV")
            .header("content-length", "0")
            .send(),
      });

      scope.route({
        method: "PROPFIND",
        url,
        schema: { hide: true },
        handler: async (request, reply) => {
          const userId = await signIn(request, reply);
          const depth = String(request.headers.depth ?? "infinity").toLowerCase();
          if (depth !== "0" && depth !== "1") {
            return reply
              .code(403)
              .type(XML)
              .send(
                '<?xml version="1.0" encoding="utf-8"?>\n<D:error xmlns:D="DAV:"><D:propfind-finite-depth/></D:error>\n',
              );
          }
          let wanted: ReturnType<typeof parsePropfind>;
          try {
            wanted = parsePropfind(typeof request.body === "string" ? request.body : "");
          } catch (error) {
            throw new NimbusError("invalid_argument", `PROPFIND body: ${(error as Error).message}`);
          }
          const segments = davSegments(request.url);
          const target = await davTree.resolve(userId, segments);
          if (!target) throw new NimbusError("file_not_found");
          // Only what the properties asked for is looked up: rclone, Kodi and Finder list with
          // DAV: properties alone, so a listing of a big folder is the one query of its children.
          const asked = wanted.kind === "prop" ? wanted.props : undefined;
          const wantsQuota =
            asked === undefined || asked.some((prop) => prop.ns === "DAV:" && prop.name.startsWith("quota-"));
          const wantsDead = asked === undefined || asked.some((prop) => prop.ns !== "DAV:");
          let quota = { used: 0, available: 0 };
          if (wantsQuota) {
            const about = await files.about(userId);
            quota = {
              used: Number(about.quota.usage),
              available: Number(about.quota.limit) - Number(about.quota.usage),
            };
          }
          const entries: Array<{ resource: DavResource; segments: string[] }> = [
            { resource: target, segments },
          ];
          if (depth === "1" && isCollection(target)) {
            const parentId = target.kind === "root" ? "" : target.row.id;
            for (const row of await davTree.children(userId, parentId)) {
              entries.push({ resource: { kind: "item", row }, segments: [...segments, row.name] });
            }
          }
          const dead = wantsDead
            ? await davProperties.of(
                userId,
                entries.map(({ resource }) => fileIdOf(resource)),
              )
            : new Map();
          const wantsLocks =
            wanted.kind === "allprop" ||
            (wanted.kind === "prop" &&
              wanted.props.some((prop) => prop.ns === "DAV:" && prop.name === "lockdiscovery"));
          const locks = wantsLocks ? await davLocks.active(userId) : [];
          const responses: DavResponse[] = entries.map(({ resource, segments: names }) => ({
            href: davHref(names, isCollection(resource)),
            ...propsFor(
              resource,
              quota,
              wanted.kind === "prop" ? wanted.props : null,
              wanted.kind === "propname",
              dead.get(fileIdOf(resource)),
              locks.length > 0 ? lockDiscovery(locks, lockPath(names), isCollection(resource)) : "",
            ),
          }));
          return reply.code(207).type(XML).header("cache-control", "no-store").send(multistatus(responses));
        },
      });

      scope.route({
        method: ["GET", "HEAD"],
        url,
        schema: { hide: true },
        handler: async (request, reply) => {
          const userId = await signIn(request, reply);
          const target = await davTree.resolve(userId, davSegments(request.url));
          if (!target) throw new NimbusError("file_not_found");
          if (target.kind === "root" || isCollection(target)) {
            return reply.code(405).header("allow", "OPTIONS, PROPFIND").send();
          }
          const { file, open } = await files.openDownload(target.row.id);
          return serveFile(
            request,
            reply,
            {
              name: file.name,
              size: file.size,
              mimeType: file.mime_type,
              etag: etagOf(target),
              lastModified: file.modified_at,
              open,
            },
            {
              charge: (bytes) => traffic.reserve(userId, bytes),
              inline: false,
              cacheControl: "private, no-cache",
            },
          );
        },
      });

      scope.route({
        method: "MKCOL",
        url,
        schema: { hide: true },
        handler: async (request, reply) => {
          const userId = await signIn(request, reply);
          // RFC 4918 §9.3: a body we do not understand is 415.
          if (typeof request.body === "string" && request.body.length > 0) return reply.code(415).send();
          const segments = davSegments(request.url);
          const name = segments.at(-1);
          if (name === undefined) return reply.code(405).header("allow", ALLOWED.join(", ")).send();
          if (await davTree.resolve(userId, segments)) {
            return reply.code(405).header("allow", ALLOWED.join(", ")).send();
          }
          const parent = await davTree.resolve(userId, segments.slice(0, -1));
          if (!parent || !isCollection(parent)) return reply.code(409).send();
          if (!(await checkLocks(request, reply, userId, touching(segments)))) return reply;
          await files.create(userId, {
            kind: "drive#folder",
            name,
            parent_id: parent.kind === "root" ? "" : parent.row.id,
          });
          return reply.code(201).header("location", davHref(segments, true)).send();
        },
      });

      scope.route({
        method: "DELETE",
        url,
        schema: { hide: true },
        handler: async (request, reply) => {
          const userId = await signIn(request, reply);
          const depth = request.headers.depth;
          if (depth !== undefined && String(depth).toLowerCase() !== "infinity")
            return reply.code(400).send();
          const segments = davSegments(request.url);
          const target = await davTree.resolve(userId, segments);
          if (!target) throw new NimbusError("file_not_found");
          if (target.kind === "root") return reply.code(403).send();
          if (!(await checkLocks(request, reply, userId, touching(segments, true)))) return reply;
          // To the trash by default, like the web's delete (WEBDAV_DELETE_TO_TRASH).
          if (config.webdav.deleteToTrash) await operations.trash(userId, [target.row.id]);
          else await operations.delete(userId, [target.row.id]);
          // A lock is on a path (RFC 4918 §6): what was there is gone, and its locks with it.
          await davLocks.removeAt(userId, lockPath(segments));
          return reply.code(204).send();
        },
      });

      scope.route({
        method: ["COPY", "MOVE"],
        url,
        schema: { hide: true },
        handler: async (request, reply) => {
          const userId = await signIn(request, reply);
          const move = request.method === "MOVE";
          const source = await davTree.resolve(userId, davSegments(request.url));
          if (!source) throw new NimbusError("file_not_found");
          if (source.kind === "root") return reply.code(403).send();
          const target = destinationSegments(String(request.headers.destination ?? ""), request.headers.host);
          if (target === "foreign") return reply.code(502).send();
          const name = target?.at(-1);
          if (!target || name === undefined) return reply.code(400).send();
          const depth = String(request.headers.depth ?? "infinity").toLowerCase();
          if (depth !== "infinity" && (move || depth !== "0")) return reply.code(400).send();
          const overwrite = String(request.headers.overwrite ?? "T").toUpperCase() !== "F";
          const sourcePath = davSegments(request.url);
          if (target.length === sourcePath.length && target.every((part, i) => part === sourcePath[i])) {
            return reply.code(403).send();
          }
          const parent = await davTree.resolve(userId, target.slice(0, -1));
          if (!parent || !isCollection(parent)) return reply.code(409).send();
          const parentId = parent.kind === "root" ? "" : parent.row.id;
          // A MOVE takes the source away from its folder; both change what stands at the destination.
          const touched = [...touching(target, true), ...(move ? touching(sourcePath, true) : [])];
          if (!(await checkLocks(request, reply, userId, touched))) return reply;
          const existing = await davTree.resolve(userId, target);
          if (existing?.kind === "item") {
            if (!overwrite) return reply.code(412).send();
            // Overwrite: what stood there goes to the trash first (RFC 4918 §9.8.4, §9.9.3).
            await operations.trash(userId, [existing.row.id]);
          }
          const { row } = source;
          if (move) {
            const [moved] = await operations.move(userId, [row.id], parentId);
            if (moved && moved.name !== name) await operations.rename(userId, row.id, name, "fail");
            // Locks stay with the URL (RFC 4918 §7.5): the source's do not follow it.
            await davLocks.removeAt(userId, lockPath(sourcePath));
          } else if (isCollection(source) && depth === "0") {
            await files.create(userId, { kind: "drive#folder", name, parent_id: parentId });
          } else {
            const copied = await operations.copy(userId, [row.id], parentId);
            const copy = copied.rows?.find((candidate) => candidate.parent_id === parentId);
            if (!copy) {
              // Over COPY_INLINE_MAX_ITEMS items the copy runs as a task (keeping the source's name).
              return reply.code(202).send();
            }
            if (copy.name !== name) await operations.rename(userId, copy.id, name, "fail");
            await davProperties.copy(userId, row.id, copy.id);
          }
          return reply
            .code(existing ? 204 : 201)
            .header("location", davHref(target, isCollection(source)))
            .send();
        },
      });

      scope.route({
        method: "PROPPATCH",
        url,
        schema: { hide: true },
        handler: async (request, reply) => {
          const userId = await signIn(request, reply);
          const segments = davSegments(request.url);
          const target = await davTree.resolve(userId, segments);
          if (!target) throw new NimbusError("file_not_found");
          if (!(await checkLocks(request, reply, userId, [{ path: lockPath(segments) }]))) return reply;
          let changes: PropertyChange[];
          try {
            changes = parsePropertyUpdate(typeof request.body === "string" ? request.body : "");
          } catch (error) {
            throw new NimbusError("invalid_argument", `PROPPATCH body: ${(error as Error).message}`);
          }
          // Live properties are the drive's (RFC 4918 §9.2): changing one fails them all.
          const protectedProps = changes
            .filter((change) => change.prop.ns === "DAV:")
            .map((change) => change.prop);
          let failed: DavResponse["failed"];
          if (protectedProps.length > 0) {
            const others = changes.filter((change) => change.prop.ns !== "DAV:").map((change) => change.prop);
            failed = [
              { status: "403 Forbidden", props: protectedProps },
              ...(others.length > 0 ? [{ status: "424 Failed Dependency", props: others }] : []),
            ];
          } else if (!(await davProperties.apply(userId, fileIdOf(target), changes))) {
            failed = [{ status: "507 Insufficient Storage", props: changes.map((change) => change.prop) }];
          }
          const response: DavResponse = {
            href: davHref(segments, isCollection(target)),
            found: failed ? [] : changes.map((change) => ({ prop: change.prop, xml: "" })),
            missing: [],
            ...(failed && { failed }),
          };
          return reply
            .code(207)
            .type(XML)
            .header("cache-control", "no-store")
            .send(multistatus([response]));
        },
      });

      scope.route({
        method: "LOCK",
        url,
        schema: { hide: true },
        handler: async (request, reply) => {
          const userId = await signIn(request, reply);
          const segments = davSegments(request.url);
          const path = lockPath(segments);
          let info: LockInfo | undefined;
          try {
            info = parseLockInfo(typeof request.body === "string" ? request.body : "");
          } catch (error) {
            throw new NimbusError("invalid_argument", `LOCK body: ${(error as Error).message}`);
          }
          const timeoutSeconds = lockTimeout(String(request.headers.timeout ?? ""));
          const answer = async (lock: DavLock, code: number) => {
            const root = await lockRootHref(userId, lock);
            const body =
              '<?xml version="1.0" encoding="utf-8"?>\n<D:prop xmlns:D="DAV:"><D:lockdiscovery>' +
              `${activeLockXml(lock, root, lock.timeoutSeconds)}</D:lockdiscovery></D:prop>\n`;
            return reply.code(code).type(XML).header("lock-token", `<${lock.token}>`).send(body);
          };
          if (!info) {
            // A refresh (RFC 4918 §9.10.2): no body, the lock's token in If.
            const checked = await checkLocks(request, reply, userId, []);
            if (!checked) return reply;
            const lock = checked.locks.find(
              (held) => covers(held, path) && checked.submitted.has(held.token),
            );
            const refreshed = lock && (await davLocks.refresh(userId, lock.token, timeoutSeconds));
            if (!refreshed) return reply.code(412).type(XML).send(davError("lock-token-matches-request-uri"));
            return answer(refreshed, 200);
          }
          const depthHeader = String(request.headers.depth ?? "infinity").toLowerCase();
          if (depthHeader !== "0" && depthHeader !== "infinity") return reply.code(400).send();
          const depth: LockDepth = depthHeader === "0" ? "0" : "infinity";
          const target = await davTree.resolve(userId, segments);
          let parentId = "";
          const name = segments.at(-1);
          if (!target) {
            // An unmapped URL: the lock makes an empty file there (RFC 4918 §7.3).
            const parent = await davTree.resolve(userId, segments.slice(0, -1));
            if (!parent || !isCollection(parent) || name === undefined) return reply.code(409).send();
            parentId = parent.kind === "root" ? "" : parent.row.id;
          }
          const checked = await checkLocks(request, reply, userId, target ? [] : touching(segments));
          if (!checked) return reply;
          const taken = await davLocks.create(userId, {
            path,
            depth,
            scope: info.scope,
            owner: info.owner,
            timeoutSeconds,
          });
          if ("conflicts" in taken) {
            const roots = await Promise.all(taken.conflicts.map((lock) => lockRootHref(userId, lock)));
            return reply
              .code(423)
              .type(XML)
              .send(davError("no-conflicting-lock", [...new Set(roots)]));
          }
          if (target || name === undefined) return answer(taken.lock, 200);
          try {
            await uploads.storeStream(userId, { parentId, name, size: 0 }, emptyBody());
          } catch (error) {
            await davLocks.remove(userId, taken.lock.token);
            throw error;
          }
          return answer(taken.lock, 201);
        },
      });

      scope.route({
        method: "UNLOCK",
        url,
        schema: { hide: true },
        handler: async (request, reply) => {
          const userId = await signIn(request, reply);
          const path = lockPath(davSegments(request.url));
          // `<opaquelocktoken:…>`; Windows has been seen to leave the brackets out.
          const header = String(request.headers["lock-token"] ?? "").trim();
          const token = header.replace(/^<(.*)>$/, "$1");
          if (token === "") return reply.code(400).send();
          const lock = (await davLocks.active(userId)).find(
            (held) => held.token === token && covers(held, path),
          );
          if (!lock || !(await davLocks.remove(userId, token))) {
            return reply.code(409).type(XML).send(davError("lock-token-matches-request-uri"));
          }
          return reply.code(204).send();
        },
      });

      scope.route({
        method: NOT_SERVED,
        url,
        schema: { hide: true },
        handler: async (request, reply) => {
          await signIn(request, reply);
          return reply.code(405).header("allow", ALLOWED.join(", ")).send();
        },
      });
    }
  });
}

/** A body of no bytes (the empty file a LOCK on an unmapped URL makes). */
async function* emptyBody(): AsyncIterable<Uint8Array> {}
