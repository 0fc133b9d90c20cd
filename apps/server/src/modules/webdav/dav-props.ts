import { FILE_KIND } from "@nimbus/protocol";
import type { DeadProperty } from "./dav-properties.js";
import type { DavResource } from "./dav-tree.js";
import { deadPropertyXml, escapeXml, type PropName, SUPPORTED_LOCK_XML } from "./dav-xml.js";

/** The RFC 4331 quota of the user, in bytes. */
export interface DavQuota {
  used: number;
  available: number;
}

const DAV = (name: string): PropName => ({ ns: "DAV:", name });

/** The live properties a resource has, in the order `allprop` answers them. */
export const LIVE_PROPS = [
  "resourcetype",
  "displayname",
  "getcontentlength",
  "getcontenttype",
  "getetag",
  "getlastmodified",
  "creationdate",
  "lockdiscovery",
  "supportedlock",
  "quota-used-bytes",
  "quota-available-bytes",
] as const;

/** Whether a resource is a collection (the root or a folder). */
export function isCollection(resource: DavResource): boolean {
  return resource.kind === "root" || resource.row.kind === FILE_KIND.folder;
}

/**
 * The entity tag of a resource: a file's is its content's (`"<gcid>"`, as downloads
 * answer it), a folder's changes with its modification time.
 */
export function etagOf(resource: DavResource): string {
  if (resource.kind === "root") return '"root"';
  const { row } = resource;
  return row.kind === FILE_KIND.folder ? `"${row.id}-${row.modified_at}"` : `"${row.blob_gcid ?? row.id}"`;
}

/**
 * The values (XML content) of a resource's live properties; absent ones do not apply to it.
 * `lockdiscovery` is the `<D:activelock>` elements of the locks on it.
 */
export function liveProps(resource: DavResource, quota: DavQuota, lockdiscovery = ""): Map<string, string> {
  const props = new Map<string, string>();
  if (resource.kind === "root") {
    props.set("resourcetype", "<D:collection/>");
    props.set("displayname", "");
    props.set("getetag", escapeXml(etagOf(resource)));
  } else {
    const { row } = resource;
    const folder = row.kind === FILE_KIND.folder;
    props.set("resourcetype", folder ? "<D:collection/>" : "");
    props.set("displayname", escapeXml(row.name));
    if (!folder) {
      props.set("getcontentlength", String(row.size));
      props.set("getcontenttype", escapeXml(row.mime_type || "application/octet-stream"));
    }
    props.set("getetag", escapeXml(etagOf(resource)));
    props.set("getlastmodified", new Date(Number(row.modified_at)).toUTCString());
    props.set("creationdate", new Date(Number(row.created_at)).toISOString());
  }
  props.set("lockdiscovery", lockdiscovery);
  props.set("supportedlock", SUPPORTED_LOCK_XML);
  if (isCollection(resource)) {
    props.set("quota-used-bytes", String(quota.used));
    props.set("quota-available-bytes", String(Math.max(0, quota.available)));
  }
  return props;
}

type Found = { prop: PropName; xml: string; whole?: boolean };

/**
 * What a PROPFIND answers for one resource: `wanted` null means every property (allprop:
 * the live ones but the quota, and the dead ones), with `namesOnly` their names (propname).
 */
export function propsFor(
  resource: DavResource,
  quota: DavQuota,
  wanted: readonly PropName[] | null,
  namesOnly = false,
  dead: readonly DeadProperty[] = [],
  lockdiscovery = "",
): { found: Found[]; missing: PropName[] } {
  const live = liveProps(resource, quota, lockdiscovery);
  const deadXml = (property: DeadProperty): Found =>
    namesOnly
      ? { prop: property.prop, xml: "" }
      : {
          prop: property.prop,
          xml: deadPropertyXml(property.prop, property.value, property.namespaces),
          whole: true,
        };
  if (wanted === null) {
    // RFC 4331 §3: the quota properties are answered only when asked for by name.
    const found: Found[] = [...live]
      .filter(([name]) => namesOnly || !name.startsWith("quota-"))
      .map(([name, xml]) => ({ prop: DAV(name), xml: namesOnly ? "" : xml }));
    return { found: [...found, ...dead.map(deadXml)], missing: [] };
  }
  const found: Found[] = [];
  const missing: PropName[] = [];
  for (const prop of wanted) {
    const xml = prop.ns === "DAV:" ? live.get(prop.name) : undefined;
    const stored = dead.find((property) => property.prop.ns === prop.ns && property.prop.name === prop.name);
    if (xml !== undefined) found.push({ prop, xml });
    else if (stored) found.push(deadXml(stored));
    else missing.push(prop);
  }
  return { found, missing };
}
