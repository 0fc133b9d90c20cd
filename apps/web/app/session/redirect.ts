/** Where to go after signing in: a path on this site given as `?redirect=`, else the drive. */
export function safeRedirect(value: string | null | undefined, fallback = "/drive/all"): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/^\/drive\/login(?:[/?#]|$)/.test(value)) return fallback;
  return value;
}

/** The sign-in page that comes back to `here` afterwards. */
export function loginPathFor(here: string): string {
  const back = safeRedirect(here, "");
  return back ? `/drive/login?${new URLSearchParams({ redirect: back })}` : "/drive/login";
}

/** Drive pages a visitor without a session can use: the sign-in page and the plans. */
const OPEN_DRIVE_PAGE = /^\/drive\/(?:login|payment)(?:[/?#]|$)/;

/**
 * Where an anonymous visitor (no session cookie) opening `url` in the drive goes instead:
 * the sign-in page coming back here, not an empty drive with a sign-in prompt. Pages
 * open to anyone, other layouts' pages and page actions (`show_login`, `login_required`
 * open the sign-in dialog themselves) stay, and so does a page framed by an app or site
 * (`?origin=`, embedded mode): its sign-in prompt stays inside the frame the parent expects.
 */
export function anonymousDriveRedirect(url: URL, hasSession: boolean): string | null {
  if (hasSession || url.searchParams.has("action") || url.searchParams.has("origin")) return null;
  const { pathname } = url;
  if (!(pathname === "/drive" || pathname.startsWith("/drive/")) || OPEN_DRIVE_PAGE.test(pathname))
    return null;
  return loginPathFor(`${pathname}${url.search}`);
}
