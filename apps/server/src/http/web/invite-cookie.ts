/** The cookie the invite claim (`POST /vip/v1/activity/invite`) reads: an invite link's code, 30 days. */
export const INVITE_COOKIE = "pp_invite";
export const INVITE_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
const INVITE_CODE = /^[0-9A-Za-z]{4,32}$/;

/**
 * The `Set-Cookie` value for a page opened with `?invite=<code>` (any page: the invite link is
 * `<origin>/?invite=<code>`), or undefined when the address carries no well-formed code.
 */
export function inviteCookie(url: string, secure: boolean): string | undefined {
  const query = url.indexOf("?");
  if (query < 0) return undefined;
  const code = new URLSearchParams(url.slice(query + 1)).get("invite");
  if (!code || !INVITE_CODE.test(code)) return undefined;
  return `${INVITE_COOKIE}=${code.toUpperCase()}; Max-Age=${INVITE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
}
