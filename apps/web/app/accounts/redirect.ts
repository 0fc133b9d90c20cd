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
