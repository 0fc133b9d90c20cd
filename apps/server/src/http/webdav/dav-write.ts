import { NimbusError } from "@nimbus/protocol";
import { lockPath } from "../../modules/webdav/dav-locks.js";
import { isCollection } from "../../modules/webdav/dav-props.js";
import {
  type DavResponse,
  multistatus,
  type PropertyChange,
  parsePropertyUpdate,
} from "../../modules/webdav/dav-xml.js";
import type { NimbusApp } from "../types.js";
import { ALLOWED, type DavContext, touching, XML } from "./dav-context.js";
import { davHref, davSegments, fileIdOf } from "./dav-paths.js";

/** The writing methods at `url` with small bodies: `MKCOL`, `DELETE` and `PROPPATCH` (`PUT` is `dav-put.ts`). */
export function registerDavWrite(scope: NimbusApp, url: string, context: DavContext): void {
  const { services, signIn, checkLocks } = context;
  const { config, davTree, davProperties, davLocks, files, operations } = services;
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
      if (depth !== undefined && String(depth).toLowerCase() !== "infinity") return reply.code(400).send();
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
}
