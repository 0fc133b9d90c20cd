import path from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";
import { evaluateIf, type IfList, parseIf, submittedTokens } from "../../modules/webdav/dav-if.js";
import {
  blockingLock,
  covers,
  type DavLock,
  lockPath,
  type Touched,
} from "../../modules/webdav/dav-locks.js";
import { etagOf, isCollection } from "../../modules/webdav/dav-props.js";
import { activeLockXml, davError } from "../../modules/webdav/dav-xml.js";
import type { Services } from "../../services.js";
import { davUser } from "./dav-auth.js";
import { davHref, davSegments, destinationSegments } from "./dav-paths.js";

/** What this server answers under `/dav/`. */
export const ALLOWED = [
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
export const XML = "application/xml; charset=utf-8";

/** What the lock checks found: the user's locks, the tokens the request submitted, its `If` lists. */
export interface LockCheck {
  locks: DavLock[];
  submitted: Set<string>;
  lists: IfList[];
}

/** What every WebDAV method family shares: the services, sign-in and the lock checks. */
export interface DavContext {
  services: Services;
  /** DATA_DIR/tmp: where PUT bodies are spooled. */
  tempDir: string;
  signIn(request: FastifyRequest, reply: FastifyReply): Promise<string>;
  /** The href of a lock's root: a collection's ends with `/` (an ancestor of a locked resource is one). */
  lockRootHref(userId: string, lock: DavLock, collection?: boolean): Promise<string>;
  /** The `<D:activelock>`s of the locks on `path`. */
  lockDiscovery(locks: readonly DavLock[], path: string, collection: boolean): string;
  /**
   * The checks of RFC 4918 §10.4 and §7 before a request changes anything: its `If` header
   * must hold (else 412), and every lock on what it `touches` must have its token submitted
   * in it (else 423 with `lock-token-submitted`). Answers the refusal itself and returns
   * undefined then.
   */
  checkLocks(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    touched: readonly Touched[],
  ): Promise<LockCheck | undefined>;
}

/** What a request changing `segments` touches: the resource (and below, when `deep`) and its parent's members. */
export function touching(segments: readonly string[], deep = false): Touched[] {
  return [
    { path: lockPath(segments), deep },
    ...(segments.length > 0 ? [{ path: lockPath(segments.slice(0, -1)) }] : []),
  ];
}

export function davContext(services: Services): DavContext {
  const { appPasswordSignin, davTree, davLocks, config } = services;
  const allowInsecure = config.webdav.allowInsecure;

  const lockRootHref = async (userId: string, lock: DavLock, collection?: boolean): Promise<string> => {
    const segments = lock.path === "" ? [] : lock.path.split("/");
    if (collection === undefined) {
      const resource = await davTree.resolve(userId, segments);
      collection = resource !== undefined && isCollection(resource);
    }
    return davHref(segments, collection);
  };

  return {
    services,
    tempDir: path.join(config.dataDir, "tmp"),
    signIn: (request, reply) => davUser(request, reply, appPasswordSignin, allowInsecure),
    lockRootHref,
    lockDiscovery: (locks, path, collection) =>
      locks
        .filter((lock) => covers(lock, path))
        .map((lock) =>
          activeLockXml(
            lock,
            davHref(lock.path === "" ? [] : lock.path.split("/"), lock.path !== path || collection),
            (lock.expiresAt - services.clock.now()) / 1000,
          ),
        )
        .join(""),
    checkLocks: async (request, reply, userId, touched) => {
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
    },
  };
}
