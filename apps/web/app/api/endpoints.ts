/**
 * API paths the web calls. Those marked "later" belong to issues still to come
 * (accounts, membership, share); until their server side lands the calls answer
 * `route_not_found`, which the pages show as "not available on this server yet".
 */
export const ENDPOINTS = {
  userMe: "/v1/user/me",
  about: "/drive/v1/about",
  signin: "/v1/auth/signin",
  signup: "/v1/auth/signup",
  createFile: "/drive/v1/files",
  /** later (accounts): ends the cookie session. */
  signout: "/v1/auth/signout",
  /** later (accounts): approves the code a TV shows. */
  deviceVerify: "/v1/auth/device/verify",
  /** later (membership). */
  redeemCode: "/vip/v1/order/activation-code",
  /** later (membership): starts checkout of a plan. */
  order: "/vip/v1/order",
  /** later (membership). */
  compensate: "/vip/v1/activity/compensate",
  /** later (accounts): spec's drive `/mail/v1/unsubscribe`, query d. */
  unsubscribe: "/drive/v1/mail/unsubscribe",
} as const;
