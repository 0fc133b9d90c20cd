import type { About, UserMe } from "@nimbus/protocol";
import { nimbusApi } from "@nimbus/protocol";
import { createContext, startTransition, useCallback, useContext, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { callEndpoint, errorText } from "../api/client.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { dispatchAnalytics } from "../lib/analytics.js";
import { documentCookieJar } from "../lib/cookies.js";
import { whenIdle } from "../lib/idle.js";
import { VIP_STATUS_OK } from "../lib/vip.js";
import { setSignedInKnown, useSignedInHint } from "../site/signed-in-hint.js";
import type { FirstSession } from "./first-session.js";
import { freeDaysOf, inviteRequest, markInviteCalled, shouldCallInvite, storeFreeDays } from "./free-days.js";
import { callMembership, type PrivilegeVip } from "./membership-api.js";
import { refreshSignIn, storeRefresh } from "./sign-in-refresh.js";

export type VipData = PrivilegeVip["data"];

export type DriveSession =
  | { status: "loading" }
  | { status: "signed-out" }
  | { status: "error"; message: string }
  | {
      status: "ready";
      user: UserMe;
      about?: About;
      aboutError?: string;
      /** The VIP privilege (spec §3); absent when the call failed. */
      vip?: VipData;
      /** Free days of the invite reward kept in `pp_free_days` (spec §4). */
      freeDays: number;
    };

export const DriveSessionContext = createContext<{ session: DriveSession; reload: () => void }>({
  session: { status: "loading" },
  reload: () => {},
});

export function useDriveSession() {
  return useContext(DriveSessionContext);
}

/**
 * The signed-in user and their storage: as the server render found them (`first`,
 * first-session.server.ts), else fetched in the browser with the session cookie. No
 * session (401 `unauthenticated`) is the signed-out state, not an error. Each later
 * navigation runs the sign-in refresh of spec §4 (the profile again; the user id cookie
 * stored or cleared), so a session ended elsewhere shows at once.
 */
export function useLoadDriveSession(first: FirstSession | null = null): {
  session: DriveSession;
  reload: () => void;
} {
  const locale = useLocale();
  const t = useT();
  const { key } = useLocation();
  const [session, setSession] = useState(() => shownSession(first));
  // The server's session stands for the first load only: a reload or a new locale asks again.
  const fromServer = useRef(first);
  const [version, setVersion] = useState(0);
  const firstKey = useRef(key);
  const ready = useRef(false);
  ready.current = session.status === "ready";
  // No session cookie came with the page: anonymous until a sign-in here calls reload().
  const hint = useSignedInHint();
  const mayAsk = useRef(hint);
  // biome-ignore lint/correctness/useExhaustiveDependencies: t follows locale; version forces a reload
  useEffect(() => {
    const given = fromServer.current;
    fromServer.current = null;
    if (given) {
      if (given.status === "signed-out") mayAsk.current = false;
      // Nothing on screen waits for these: out of hydration's effects task (decision 0088).
      return whenIdle(() => adoptFirstSession(given, locale, setSession));
    }
    if (!mayAsk.current) {
      setSession({ status: "signed-out" });
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;
    const jar = documentCookieJar(document);
    Promise.all([
      refreshSignIn(() => callEndpoint(nimbusApi.user.me, { locale, signal }), jar),
      callEndpoint(nimbusApi.drive.about, { locale, signal }),
      callMembership<PrivilegeVip>("privilege", { locale, signal }),
    ]).then(
      ([me, about, privilege]) => {
        if (!me.signedIn) {
          if (me.signedOut) {
            mayAsk.current = false;
            setSignedInKnown(false);
          }
          setSession(
            me.signedOut ? { status: "signed-out" } : { status: "error", message: t("api.unknown") },
          );
          return;
        }
        setSignedInKnown(true);
        const vip = privilege.ok ? privilege.data.data : undefined;
        const base = { status: "ready" as const, user: me.user, freeDays: freeDaysOf(jar) };
        const extra = vip ? { vip } : {};
        // The whole shell (header, sidebar, page) renders again with the user: a transition
        // React slices, not one long task on a phone just after hydration (decision 0081).
        startTransition(() =>
          setSession(
            about.ok
              ? { ...base, ...extra, about: about.data }
              : { ...base, ...extra, aboutError: errorText(about.error, t) },
          ),
        );
        if (privilege.ok) void claimInviteDays(me.user.sub, vip, locale, setSession);
      },
      () => {}, // aborted: a newer load is under way
    );
    return () => controller.abort();
  }, [locale, version]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation
  useEffect(() => {
    if (key === firstKey.current || !mayAsk.current) return;
    const controller = new AbortController();
    const { signal } = controller;
    refreshSignIn(
      () => callEndpoint(nimbusApi.user.me, { locale, signal }),
      documentCookieJar(document),
    ).then(
      (outcome) => {
        if (outcome.signedIn && ready.current)
          setSession((current) =>
            current.status === "ready" ? { ...current, user: outcome.user } : current,
          );
        else if (outcome.signedIn) setVersion((v) => v + 1);
        else if (outcome.signedOut) {
          mayAsk.current = false;
          setSignedInKnown(false);
          setSession({ status: "signed-out" });
        }
      },
      () => {},
    );
    return () => controller.abort();
  }, [key]);
  const reload = useCallback(() => {
    mayAsk.current = true;
    setVersion((v) => v + 1);
  }, []);
  return { session, reload };
}

/** The server's session as the shell shows it: what only its adoption reads left out. */
function shownSession(first: FirstSession | null): DriveSession {
  if (!first) return { status: "loading" };
  if (first.status === "signed-out") return first;
  const { privilegeAnswered: _, ...shown } = first;
  return shown;
}

/**
 * What the browser's own load does besides fetching, for a session the server render
 * brought: the refresh's user id cookie (spec §4), the signed-in hint and the invite
 * reward's claim.
 */
function adoptFirstSession(
  first: FirstSession,
  locale: string,
  setSession: (update: (current: DriveSession) => DriveSession) => void,
) {
  const jar = documentCookieJar(document);
  if (first.status === "signed-out") {
    storeRefresh({ ok: false, error: { error: "unauthenticated", status: 401 } }, jar);
    setSignedInKnown(false);
    return;
  }
  storeRefresh({ ok: true, data: first.user }, jar);
  setSignedInKnown(true);
  if (first.privilegeAnswered) void claimInviteDays(first.user.sub, first.vip, locale, setSession);
}

function browserStorage() {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Spec §4 after sign-in: a user without premium, without free days and not yet claimed
 * calls the invite activity; positive `free_days` go into the `pp_free_days` cookie for
 * that many days, the user shows as premium and a sign-up analytics event fires.
 */
async function claimInviteDays(
  userId: string,
  vip: VipData | undefined,
  locale: string,
  setSession: (update: (current: DriveSession) => DriveSession) => void,
): Promise<void> {
  const jar = documentCookieJar(document);
  const storage = browserStorage();
  if (!shouldCallInvite(userId, vip, jar, storage)) return;
  const body = inviteRequest(location, jar, storage, Date.now());
  const result = await callMembership<{ free_days: number }>("invite", { locale, body: { ...body } });
  if (!result.ok && result.error.status === 0) return; // unreachable: try again next time
  markInviteCalled(userId, storage);
  const freeDays = result.ok ? result.data.free_days : 0;
  if (!storeFreeDays(jar, freeDays)) return;
  setSession((current) =>
    current.status === "ready"
      ? {
          ...current,
          freeDays,
          vip: {
            type: "platinum",
            user_id: userId,
            ...current.vip,
            expire: current.vip?.expire ?? "",
            status: VIP_STATUS_OK,
          },
        }
      : current,
  );
  dispatchAnalytics({ type: "sign_up", data: { free_days: freeDays } });
}

/** Premium as the pages show it: VIP status ok, or free days of an invite not yet seen by the server. */
export function sessionPremium(session: DriveSession): boolean {
  return session.status === "ready" && (session.vip?.status === VIP_STATUS_OK || session.freeDays > 0);
}
