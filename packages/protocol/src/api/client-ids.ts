// No Zod here: the web's account calls name the client on pages that load them first (the
// share page among them), and a module that builds schemas would bring Zod along with it.

/** The registered clients. `nimbus-web` is the browser app (cookie session). */
export const CLIENT_IDS = {
  web: "nimbus-web",
  desktop: "nimbus-desktop",
  mobile: "nimbus-mobile",
  tv: "nimbus-tv",
  extension: "nimbus-extension",
  cli: "nimbus-cli",
} as const;
export type ClientId = (typeof CLIENT_IDS)[keyof typeof CLIENT_IDS];

export const OAUTH_SCOPES = ["user", "pan", "offline"] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

export const GRANT_TYPES = {
  refreshToken: "refresh_token",
  authorizationCode: "authorization_code",
  deviceCode: "urn:ietf:params:oauth:grant-type:device_code",
} as const;
export type GrantType = (typeof GRANT_TYPES)[keyof typeof GRANT_TYPES];
