/** Paths of the share page: `/s/{share_id}` and `/s/{share_id}/{...parent_ids}` (spec §2). */
export function sharePath(shareId: string, parentIds: readonly string[] = []): string {
  return ["/s", shareId, ...parentIds]
    .map((part, index) => (index === 0 ? part : encodeURIComponent(part)))
    .join("/");
}

/** The folder ids of the catch-all segment (`a/b/c` → `[a, b, c]`). */
export function parentIdsOf(splat: string | undefined): string[] {
  return (splat ?? "").split("/").filter(Boolean);
}

/**
 * Breadcrumbs of a folder inside a share from the API's `ancestors` (shared item
 * down to the folder); each step links to its own path of ids.
 */
export function breadcrumbs(
  shareId: string,
  ancestors: ReadonlyArray<{ id: string; name: string }>,
): { id: string; name: string; path: string }[] {
  return ancestors.map((step, index) => ({
    ...step,
    path: sharePath(
      shareId,
      ancestors.slice(0, index + 1).map((a) => a.id),
    ),
  }));
}
