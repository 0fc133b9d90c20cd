import { useEffect } from "react";
import { useLocation } from "react-router";
import { rememberLoginScene } from "../../lib/login-scene.js";
import { headerHidden, readPageParams } from "../../lib/page-params.js";

function storageOf(kind: "localStorage" | "sessionStorage"): Storage | undefined {
  try {
    return window[kind];
  } catch {
    return undefined;
  }
}

/**
 * The page parameters every page honours (spec §2, decision 0039): `hide_header`,
 * `launcher` and `snapshot` mark the document (`data-hide-header`, `data-snapshot`, styled
 * in platform.css) and `scene` becomes the remembered login scene. `speed_save` is the
 * share page's (shares/share-page.tsx).
 */
export function usePageParams(): void {
  const { search } = useLocation();
  useEffect(() => {
    const params = readPageParams(search);
    const root = document.documentElement;
    root.toggleAttribute("data-hide-header", headerHidden(params, storageOf("sessionStorage")));
    root.toggleAttribute("data-snapshot", params.snapshot);
    const local = storageOf("localStorage");
    if (params.scene && local) rememberLoginScene(local, params.scene);
  }, [search]);
}
