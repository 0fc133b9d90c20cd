import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import {
  applyDisplayQuery,
  DEFAULT_SHARED_DISPLAY_MODE,
  loadSharedDisplayMode,
  type SharedDisplayMode,
  saveSharedDisplayMode,
} from "../lib/display-mode.js";

/**
 * The shared display mode (spec §3: `pp_shared_display_mode`, its own default, apart
 * from the drive's): read after the first render, `?view=`/`?order=` on top unsaved,
 * changes saved.
 */
export function useSharedDisplayMode(): [SharedDisplayMode, (change: Partial<SharedDisplayMode>) => void] {
  const [params] = useSearchParams();
  const search = params.toString();
  const [mode, setMode] = useState<SharedDisplayMode>(DEFAULT_SHARED_DISPLAY_MODE);
  useEffect(() => {
    try {
      setMode(applyDisplayQuery(loadSharedDisplayMode(localStorage), search));
    } catch {
      // No storage: the defaults.
    }
  }, [search]);
  const update = useCallback((change: Partial<SharedDisplayMode>) => {
    setMode((current) => {
      const next = { ...current, ...change };
      try {
        saveSharedDisplayMode(localStorage, next);
      } catch {
        // Not saved; it still applies here.
      }
      return next;
    });
  }, []);
  return [mode, update];
}
