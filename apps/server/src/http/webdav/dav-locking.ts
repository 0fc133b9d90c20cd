import { NimbusError } from "@nimbus/protocol";
import {
  covers,
  type DavLock,
  type LockDepth,
  lockPath,
  lockTimeout,
} from "../../modules/webdav/dav-locks.js";
import { isCollection } from "../../modules/webdav/dav-props.js";
import { activeLockXml, davError, type LockInfo, parseLockInfo } from "../../modules/webdav/dav-xml.js";
import type { NimbusApp } from "../types.js";
import { type DavContext, touching, XML } from "./dav-context.js";
import { davSegments } from "./dav-paths.js";

/** `LOCK` and `UNLOCK` at `url` (RFC 4918 class 2): write locks kept in the database for every node. */
export function registerDavLocking(scope: NimbusApp, url: string, context: DavContext): void {
  const { services, signIn, checkLocks, lockRootHref } = context;
  const { davTree, davLocks, uploads } = services;
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
        const lock = checked.locks.find((held) => covers(held, path) && checked.submitted.has(held.token));
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
      const lock = (await davLocks.active(userId)).find((held) => held.token === token && covers(held, path));
      if (!lock || !(await davLocks.remove(userId, token))) {
        return reply.code(409).type(XML).send(davError("lock-token-matches-request-uri"));
      }
      return reply.code(204).send();
    },
  });
}

/** A body of no bytes (the empty file a LOCK on an unmapped URL makes). */
async function* emptyBody(): AsyncIterable<Uint8Array> {}
