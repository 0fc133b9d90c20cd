import { CLIENT_IDS } from "@nimbus/protocol";
import { type AppBridge, AppBridgeError } from "./app-bridge.js";
import { type DesktopFetch, requestDesktopCode } from "./desktop.js";
import { type MessageWindow, requestExtensionCode } from "./extension.js";
import { createPkce, type Pkce } from "./pkce.js";
import type { HandoffPlan } from "./plan.js";

export interface SignedInUser {
  userId: string;
  /** How the page names the account to its person: name, else email or phone. */
  label?: string;
}

/** Whose sign-in a code hands over, and whether it is bound to this page's PKCE challenge. */
export interface CodeAccount {
  userId: string;
  label: string;
  bound: boolean;
}

/** What a hand-off needs of the page; fakes in the tests. */
export interface HandoffDeps {
  /** The sign-in refresh of spec §4: the user when the session is valid. */
  refresh(): Promise<SignedInUser | undefined>;
  /** `POST /v1/auth/authorize/account`: whose account the code carries, without spending it. */
  describe(
    code: string,
    verifier?: string,
  ): Promise<{ ok: true; account: CodeAccount } | { ok: false; error: string }>;
  /**
   * `POST /v1/auth/token` (authorization_code) as the web client; the session cookie
   * follows, and the server ends the session it replaces only once the exchange succeeded.
   */
  exchange(code: string, verifier?: string): Promise<{ ok: true } | { ok: false; error: string }>;
  /** Present inside the app's webview. */
  bridge?: AppBridge | undefined;
  /** Extension hand-off: the window the content script listens on, and the page origin. */
  messages?: { win: MessageWindow; origin: string; waitMs?: number } | undefined;
  desktopFetch?: DesktopFetch | undefined;
  pkce?: () => Promise<Pkce>;
  newId?: () => string;
}

export type HandoffResult =
  | { status: "none" }
  /** Already signed in as the right user: nothing was exchanged. */
  | { status: "kept"; userId: string }
  | { status: "signed-in"; userId: string }
  /** The person has to say "Continue as …?" before the code is exchanged. */
  | { status: "confirm"; pending: PendingHandoff }
  | { status: "failed"; error: string; bridgeCode?: number };

export interface PendingHandoff {
  account: CodeAccount;
  /** Who is signed in now, when someone is: continuing switches accounts. */
  current?: SignedInUser | undefined;
  code: string;
  verifier?: string | undefined;
}

async function exchangeAndRefresh(
  deps: HandoffDeps,
  code: string,
  verifier?: string,
): Promise<HandoffResult> {
  const exchanged = await deps.exchange(code, verifier);
  if (!exchanged.ok) return { status: "failed", error: exchanged.error };
  const user = await deps.refresh();
  return user ? { status: "signed-in", userId: user.userId } : { status: "failed", error: "unauthenticated" };
}

/**
 * Hands a code over. A code can come from anyone (an attacker mints one for his own
 * account and sends the link), so it is exchanged at once only when this page started
 * the hand-off (bound to its PKCE challenge) or the app's own bridge gave it, and no
 * other account is signed in; otherwise the person is asked first. Nothing is signed
 * out before an exchange succeeded.
 */
async function handOver(
  deps: HandoffDeps,
  code: string,
  { verifier, current, fromApp = false }: { verifier?: string; current?: SignedInUser; fromApp?: boolean },
): Promise<HandoffResult> {
  const described = await deps.describe(code, verifier);
  if (!described.ok) return { status: "failed", error: described.error };
  const { account } = described;
  if (current && current.userId === account.userId) return { status: "kept", userId: current.userId };
  if (current || !(account.bound || fromApp)) {
    return { status: "confirm", pending: { account, current, code, verifier } };
  }
  return exchangeAndRefresh(deps, code, verifier);
}

/** The person said "Continue as …": the pending code is exchanged. */
export function confirmHandoff(deps: HandoffDeps, pending: PendingHandoff): Promise<HandoffResult> {
  return exchangeAndRefresh(deps, pending.code, pending.verifier);
}

function bridgeFailure(error: unknown): HandoffResult {
  if (error instanceof AppBridgeError)
    return { status: "failed", error: error.message, bridgeCode: error.code };
  return { status: "failed", error: "unknown" };
}

/** The app's stored user, for the `scope` comparison: from the bridge, else none. */
async function appUserId(bridge: AppBridge | undefined): Promise<string | undefined> {
  if (!bridge) return undefined;
  try {
    const info = await bridge.call("getUserInfo");
    return typeof info.user_id === "string" ? info.user_id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs one hand-off of spec §4:
 * - app webview (`bridge_auth=1`): a valid session ends it; otherwise the app is asked
 *   for a code (`getAuthCode`, with the page's PKCE challenge), which is exchanged;
 * - `code` without `state`: with a `scope`, a valid session whose user matches the app's
 *   stored user ends it; otherwise the person confirms the account before the exchange
 *   (nothing in the address proves the link came from their app);
 * - extension: a login request with the page's PKCE challenge, 5 s to answer;
 * - desktop: the challenge posted to the loopback port, the code read from a header.
 * Switching from one signed-in account to another always asks first (`confirm`).
 */
export async function runHandoff(plan: HandoffPlan, deps: HandoffDeps): Promise<HandoffResult> {
  const pkce = deps.pkce ?? (() => createPkce());
  const clientId = CLIENT_IDS.web;
  switch (plan.kind) {
    case "none":
      return { status: "none" };
    case "bridge": {
      const current = await deps.refresh();
      if (current) return { status: "kept", userId: current.userId };
      if (!deps.bridge) return { status: "failed", error: "bridge_missing" };
      const { verifier, challenge, method } = await pkce();
      let code: unknown;
      try {
        const answer = await deps.bridge.call("getAuthCode", {
          client_id: clientId,
          scope: plan.scope ?? "",
          code_challenge: challenge,
          code_challenge_method: method,
        });
        code = answer.code;
      } catch (error) {
        return bridgeFailure(error);
      }
      if (typeof code !== "string" || code === "")
        return bridgeFailure(new AppBridgeError(-2, "process response data error!"));
      return handOver(deps, code, { verifier, fromApp: true });
    }
    case "code": {
      const [current, appUser] = await Promise.all([
        deps.refresh(),
        plan.scope ? appUserId(deps.bridge) : undefined,
      ]);
      if (plan.scope && current && appUser && current.userId === appUser)
        return { status: "kept", userId: current.userId };
      return handOver(deps, plan.code, { current });
    }
    case "extension": {
      if (!deps.messages) return { status: "failed", error: "unavailable" };
      const current = await deps.refresh();
      const { verifier, challenge, method } = await pkce();
      const id = deps.newId?.() ?? globalThis.crypto.randomUUID();
      const outcome = await requestExtensionCode(
        deps.messages.win,
        deps.messages.origin,
        { id, client_id: clientId, code_challenge: challenge, code_challenge_method: method },
        deps.messages.waitMs === undefined ? {} : { waitMs: deps.messages.waitMs },
      );
      if (outcome.kind === "timeout") return { status: "failed", error: "deadline_exceeded" };
      if (outcome.kind === "refused") return { status: "failed", error: outcome.error };
      return handOver(deps, outcome.code, { verifier, current });
    }
    case "desktop": {
      const current = await deps.refresh();
      const { verifier, challenge, method } = await pkce();
      const outcome = await requestDesktopCode(
        plan.port,
        { client_id: clientId, code_challenge: challenge, code_challenge_method: method },
        deps.desktopFetch,
      );
      if (outcome.kind === "failed") return { status: "failed", error: "unreachable" };
      return handOver(deps, outcome.code, { verifier, current });
    }
  }
}
