import { nimbusApi } from "@nimbus/protocol";
import { endpointUrl } from "../api/endpoint-url.js";
import { requestLocale } from "../i18n/locale-url.js";
import { memoryCookieJar, parseCookies, SESSION_COOKIE } from "../lib/cookies.js";
import { type ApiFetch, answeredWithin } from "../lib/load-context.js";
import type { FirstSession } from "./first-session.js";
import { freeDaysOf } from "./free-days.js";
import type { PrivilegeVip } from "./membership-api.js";

const TIMEOUT_MS = 1500;

/**
 * The drive session as the browser would load it after hydration (session.ts): the
 * profile, the storage and the premium privilege, asked of this process with the
 * visitor's own cookie. The page then renders signed in from its first byte and the
 * browser asks nothing again. Null without a session cookie, on a failure other than
 * "no session", or after the time limit: the browser then loads the session itself.
 */
export async function loadFirstSession(
  request: Request,
  api: ApiFetch | undefined,
): Promise<FirstSession | null> {
  if (!api) return null;
  const cookie = request.headers.get("cookie") ?? "";
  const cookies = parseCookies(cookie);
  if (!cookies.some((c) => c.name === SESSION_COOKIE)) return null;
  const headers = { accept: "application/json", cookie, "accept-language": requestLocale(request) };
  const ask = (path: string) => answeredWithin(TIMEOUT_MS, api(path, { headers }));
  try {
    const [me, about, privilege] = await Promise.all([
      ask(endpointUrl(nimbusApi.user.me)),
      ask(endpointUrl(nimbusApi.drive.about)),
      ask(endpointUrl(nimbusApi.membership.privilegeVip)),
    ]);
    if (me.status === 401) return { status: "signed-out" };
    if (!me.ok || !about.ok) return null;
    const jar = memoryCookieJar(Object.fromEntries(cookies.map((c) => [c.name, c.value])));
    const vip = privilege.ok ? ((await privilege.json()) as PrivilegeVip).data : undefined;
    return {
      status: "ready",
      user: await me.json(),
      about: await about.json(),
      ...(vip ? { vip } : {}),
      freeDays: freeDaysOf(jar),
      privilegeAnswered: privilege.ok,
    };
  } catch {
    return null;
  }
}
