import { NimbusError } from "@nimbus/protocol";
import { lockPath } from "../../modules/webdav/dav-locks.js";
import { isCollection } from "../../modules/webdav/dav-props.js";
import type { NimbusApp } from "../types.js";
import { type DavContext, touching } from "./dav-context.js";
import { davHref, davSegments, destinationSegments } from "./dav-paths.js";

/** `COPY` and `MOVE` at `url` (RFC 4918 §9.8, §9.9): metadata only, `Overwrite`, `Destination` checks. */
export function registerDavCopyMove(scope: NimbusApp, url: string, context: DavContext): void {
  const { services, signIn, checkLocks } = context;
  const { davTree, davProperties, davLocks, files, operations } = services;
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
        // Overwrite: what stood there goes to the trash first (RFC 4918 §9.8.4, §9.9.3), as a
        // DELETE takes it, with the locks rooted on it or below (§9.6.1). Locks above the
        // destination stay: what arrives joins their scope (§7.7).
        await operations.trash(userId, [existing.row.id]);
        await davLocks.removeAt(userId, lockPath(target));
      }
      const { row } = source;
      if (move) {
        const [moved] = await operations.move(userId, [row.id], parentId);
        if (moved && moved.name !== name) await operations.rename(userId, row.id, name, "fail");
        // A lock does not move with its resource (RFC 4918 §7.7): the source's, and those of
        // everything under it, are removed, and none appears at the destination.
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
}
