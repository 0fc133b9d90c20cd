import { NimbusError } from "@nimbus/protocol";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FileRow } from "../../modules/files/index.js";
import type { FilingTarget } from "../../modules/uploads/upload-filing.js";
import { lockPath } from "../../modules/webdav/dav-locks.js";
import { etagOf, isCollection } from "../../modules/webdav/dav-props.js";
import { readSmallBody, SMALL_PUT_BYTES, spoolWithin } from "../../modules/webdav/dav-spool.js";
import type { NimbusApp } from "../types.js";
import { ALLOWED, type DavContext, touching } from "./dav-context.js";
import { DAV_PREFIX, davHref, davSegments } from "./dav-paths.js";

/**
 * `PUT`: a small body read into memory and stored at once (`storeBytes`), a bigger one streamed
 * through the uploads' writer into DATA_DIR/tmp and filed as an upload. Its own context, where
 * no body is parsed.
 */
export async function registerDavPut(app: NimbusApp, context: DavContext): Promise<void> {
  const { services, signIn, checkLocks } = context;
  const { davTree, operations, uploads } = services;
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
          const existing = await davTree.member(userId, parent, name);
          if (existing && isCollection(existing))
            return reply.code(405).header("allow", ALLOWED.join(", ")).send();
          // Replacing a file changes it; a new one changes its folder's members too.
          const touched = existing ? [{ path: lockPath(segments) }] : touching(segments);
          if (!(await checkLocks(request, reply, userId, touched))) return reply;
          const parentId = parent.kind === "root" ? "" : parent.row.id;
          // ownCloud's and Nextcloud's clients (and rclone for them) send the file's own time, in seconds.
          const mtime = String(request.headers["x-oc-mtime"] ?? "");
          const modifiedAt = /^\d{1,12}$/.test(mtime) ? Number(mtime) * 1000 : undefined;
          // The space left is checked before any byte (a declared size) and as the bytes arrive;
          // the size is charged when the file is filed, which refuses it if others took the space.
          // (Its limit is read once here: the filing charges against it without reading it again.)
          const { available, limit } = await uploads.spaceLeft(userId);
          const declared = length === undefined ? undefined : Number(length);
          if (declared !== undefined && declared > available) {
            refuse(reply, new NimbusError("file_space_not_enough", "the file is larger than the space left"));
          }
          const target = {
            parentId,
            folders: [],
            name,
            limit,
            ...(modifiedAt !== undefined && { modifiedAt }),
            ...(existing && { nameTaken: true }),
          };
          // A small body with its length: read into memory, hashed on the spot and stored with
          // one temp file (decision 0079). Anything else is spooled like a cloud download's file.
          const row =
            declared !== undefined && declared <= SMALL_PUT_BYTES && request.headers["content-length"]
              ? await uploads.storeBytes(
                  userId,
                  { ...target, size: declared },
                  await readSmallBody(request.raw, declared).catch((error) => refuse(reply, error)),
                )
              : await spoolAndFile(request, reply, context, userId, { ...target, available, declared });
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
}

/** Refused before or in the middle of the body: close the connection, do not read the rest. */
function refuse(reply: FastifyReply, error: unknown): never {
  reply.header("connection", "close");
  throw error;
}

/**
 * Written like a cloud download's file (the uploads' writer, the GCID hashed right behind the
 * writes when the size is known), then filed as an upload: reserved, adopted into the blob
 * store without a copy (deduplicated by content), usage charged, event recorded.
 */
async function spoolAndFile(
  request: FastifyRequest,
  reply: FastifyReply,
  { services, tempDir }: DavContext,
  userId: string,
  target: Omit<FilingTarget, "size"> & { available: number; declared: number | undefined },
): Promise<FileRow> {
  const { uploads } = services;
  const { available, declared, ...filing } = target;
  const aborted = new AbortController();
  request.raw.once("close", () => {
    if (!request.raw.complete) aborted.abort(new Error("the client went away"));
  });
  const spooled = await spoolWithin(request.raw, tempDir, Math.min(available, declared ?? available), {
    signal: aborted.signal,
    ...(declared !== undefined && {
      onWritten: (file: string, end: number) => uploads.fetchedWritten(file, declared, end),
    }),
  }).catch((error) => refuse(reply, error));
  try {
    if (declared !== undefined && spooled.size !== declared) {
      throw new NimbusError("file_size_mismatch", `the body had ${spooled.size} of ${declared} bytes`);
    }
    return await uploads.storeFetched(userId, { ...filing, size: spooled.size }, spooled.file);
  } catch (error) {
    uploads.fetchedRestarted(spooled.file);
    throw error;
  } finally {
    await spooled.remove();
  }
}
