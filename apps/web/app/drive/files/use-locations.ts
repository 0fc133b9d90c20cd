import type { DriveFile } from "@nimbus/protocol";
import { useEffect, useRef, useState } from "react";
import type { FilesApi } from "./api.js";

/** Folder lookups at once while the paths of a search's folders load. */
const PARALLEL = 4;

const NONE: ReadonlyMap<string, string> = new Map();

/** A folder's path as names from the root down ("My files › Work › Reports"). */
export function locationText(rootName: string, names: readonly string[]): string {
  return [rootName, ...names].join(" › ");
}

/**
 * Where each listed item lives, for lists that gather items from the whole drive (search,
 * starred, recent: two files of one name there are told apart by their folders): the path of every parent folder, asked once per folder and kept while the page lives.
 */
export function useLocations(
  api: FilesApi,
  items: readonly DriveFile[],
  enabled: boolean,
  rootName: string,
): ReadonlyMap<string, string> {
  const [paths, setPaths] = useState<ReadonlyMap<string, string>>(() => new Map());
  /** Folders asked for already (answered or on the way): each is asked once. */
  const asked = useRef(new Set<string>());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (!enabled) return;
    const missing = [...new Set(items.map((f) => f.parent_id))].filter((id) => !asked.current.has(id));
    if (missing.length === 0) return;
    for (const id of missing) asked.current.add(id);
    void (async () => {
      for (let i = 0; i < missing.length; i += PARALLEL) {
        const found = await Promise.all(
          missing.slice(i, i + PARALLEL).map(async (id): Promise<[string, string]> => {
            if (id === "") return [id, rootName];
            const result = await api.ancestors(id).catch(() => undefined);
            // A folder that cannot be looked up shows no path (and is not asked again).
            return [
              id,
              result?.ok
                ? locationText(
                    rootName,
                    result.data.ancestors.map((a) => a.name),
                  )
                : "",
            ];
          }),
        );
        if (!mounted.current) return;
        setPaths((prev) => new Map([...prev, ...found]));
      }
    })();
  }, [api, items, enabled, rootName]);
  // A folder's own list (the same page after a search) shows no locations.
  return enabled ? paths : NONE;
}
