import { NimbusError } from "@nimbus/protocol";
import { offloadUri } from "../../modules/downloads/offload.js";
import { lockPath } from "../../modules/webdav/dav-locks.js";
import { etagOf, isCollection, propsFor } from "../../modules/webdav/dav-props.js";
import type { DavResource } from "../../modules/webdav/dav-tree.js";
import { type DavResponse, multistatus, parsePropfind } from "../../modules/webdav/dav-xml.js";
import { serveFile } from "../serve-file.js";
import type { NimbusApp } from "../types.js";
import { ALLOWED, type DavContext, XML } from "./dav-context.js";
import { davHref, davSegments, fileIdOf } from "./dav-paths.js";

/** The reading methods at `url`: `OPTIONS`, `PROPFIND` (depth 0 and 1) and `GET`/`HEAD`. */
export function registerDavRead(scope: NimbusApp, url: string, context: DavContext): void {
  const { services, signIn, lockDiscovery } = context;
  const { davTree, davProperties, davLocks, files, traffic, config, blobs } = services;
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
      const entries: Array<{ resource: DavResource; segments: string[] }> = [{ resource: target, segments }];
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
          // DOWNLOAD_OFFLOAD=x-accel: the downloads' byte path, nginx sends the bytes.
          offload: offloadUri(config, blobs, file.blob_gcid),
        },
        {
          charge: (bytes) => traffic.reserve(userId, bytes),
          inline: false,
          cacheControl: "private, no-cache",
        },
      );
    },
  });
}
