import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";

/**
 * Whether this visitor may be signed in, without asking the API: the root loader's
 * answer from the request's cookies (`mayBeSignedIn`), until the drive session learns
 * the truth in this browser (a sign-in, a sign-out, a 401) and says so here. Public
 * headers pick "Sign in" or "Open my drive" by it; the session skips its calls when it
 * is false, so anonymous pages ask nothing that answers 401.
 */
let known: boolean | undefined;
const listeners = new Set<() => void>();

export function setSignedInKnown(signedIn: boolean): void {
  if (known === signedIn) return;
  known = signedIn;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSignedInHint(): boolean {
  const root = useRouteLoaderData("root") as { maybeSignedIn?: boolean } | undefined;
  const fromRequest = root?.maybeSignedIn === true;
  // The hint itself is the snapshot: when the session confirms what the request said, nothing
  // renders again (an external store's change re-renders at once, in one task, decision 0082).
  return useSyncExternalStore(
    subscribe,
    () => known ?? fromRequest,
    () => fromRequest,
  );
}
