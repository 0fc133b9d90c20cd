/** Path prefixes that belong to the API: never rendered as pages, unknown ones answer the JSON error. */
export const API_PREFIXES = [
  "/v1/",
  "/drive/v1/",
  "/vip/v1/",
  "/config/v1/",
  "/access_controller/",
  "/audit/",
  "/admin/v1/",
  "/decompress/",
  "/healthz",
  "/readyz",
  "/openapi.json",
  "/docs/api",
] as const;

export function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname === prefix.replace(/\/$/, "") || pathname.startsWith(prefix));
}
