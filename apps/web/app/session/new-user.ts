/**
 * The new-user state of spec §3/§4 in `pp_new_user`: empty for a new user (set when an
 * account is created in this browser), `init` once the welcome guide was dismissed. A
 * visitor who never signed up here has none, and never sees the guide on their own.
 */
export const NEW_USER_KEY = "pp_new_user";

type Store = Pick<Storage, "getItem" | "setItem">;

function storage(): Store | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}

/** After sign-up: the drive greets the new account with the guide once. */
export function markNewUser(store: Store | undefined = storage()): void {
  try {
    store?.setItem(NEW_USER_KEY, "");
  } catch {
    // No storage: no guide, which is better than one on every visit.
  }
}

export function isNewUser(store: Store | undefined = storage()): boolean {
  try {
    return store?.getItem(NEW_USER_KEY) === "";
  } catch {
    return false;
  }
}

export function markGuideSeen(store: Store | undefined = storage()): void {
  try {
    store?.setItem(NEW_USER_KEY, "init");
  } catch {
    // Nothing to remember it in.
  }
}
