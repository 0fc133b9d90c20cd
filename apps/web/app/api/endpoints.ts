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
  /** GET: a page of a folder, the whole drive (`parent_id=*`) or the trash. */
  files: "/drive/v1/files",
  /** GET one item, PATCH renames it: `${file}/{id}`. */
  file: "/drive/v1/files",
  /** GET `/drive/v1/files/{id}/ancestors`: the breadcrumbs. */
  ancestors: (id: string) => `/drive/v1/files/${encodeURIComponent(id)}/ancestors`,
  batchMove: "/drive/v1/files:batchMove",
  batchCopy: "/drive/v1/files:batchCopy",
  batchTrash: "/drive/v1/files:batchTrash",
  batchUntrash: "/drive/v1/files:batchUntrash",
  batchDelete: "/drive/v1/files:batchDelete",
  star: "/drive/v1/files:star",
  unstar: "/drive/v1/files:unstar",
  zipLink: "/drive/v1/files:download",
  emptyTrash: "/drive/v1/files/trash:empty",
  task: (id: string) => `/drive/v1/tasks/${encodeURIComponent(id)}`,
  /** POST `{file_id, password?}`: the entries of an archive (the preview). */
  archiveList: "/decompress/v1/list",
  /** POST `{file_id, password?, to_parent_id}`: extract as a task. */
  decompress: "/decompress/v1/decompress",
  /** Shares (issue 7): create (POST) and open (GET) a share. */
  share: "/drive/v1/share",
  shareDetail: "/drive/v1/share/detail",
  shareFileInfo: "/drive/v1/share/file_info",
  shareRestore: "/drive/v1/share/restore",
  shareReport: "/drive/v1/share/report",
  shareList: "/drive/v1/share/list",
  shareCancel: "/drive/v1/share:batchDelete",
  /** Ends the cookie session; `?all=true` every session of the user. */
  signout: "/v1/auth/signout",
  /** POST `{user_code, approve}`: approves (or denies) the code a TV shows. */
  deviceVerify: "/v1/auth/device/verify",
  /** GET `?user_code=`: the client waiting behind a TV's code (before approving). */
  deviceLookup: "/v1/auth/device",
  /** POST: grants; the web exchanges a hand-off code (`authorization_code`, PKCE) for its cookie session. */
  token: "/v1/auth/token",
  /** GET: the signed-in user's sessions; DELETE `${sessions}/{id}` ends one. */
  sessions: "/v1/auth/sessions",
  /** PATCH `userMe` edits name and locale. POST: new password (`old_password`, `new_password`). */
  password: "/v1/user/me/password",
  /** POST the image as the body (`Content-Type: image/…`); DELETE removes it. */
  avatar: "/v1/user/me/avatar",
  verification: "/v1/auth/verification",
  verificationVerify: "/v1/auth/verification/verify",
  passwordReset: "/v1/auth/password/reset",
  session: (id: string) => `/v1/auth/sessions/${encodeURIComponent(id)}`,
  changeEmail: "/v1/user/me/email",
  twoFactor: "/v1/user/me/2fa",
  twoFactorEnrol: "/v1/user/me/2fa/enrolment",
  twoFactorConfirm: "/v1/user/me/2fa/confirm",
  twoFactorRecoveryCodes: "/v1/user/me/2fa/recovery_codes",
  twoFactorDisable: "/v1/user/me/2fa/disable",
  accountDeletion: "/v1/user/me/deletion",
  /** later (membership). */
  redeemCode: "/vip/v1/order/activation-code",
  /** later (membership): starts checkout of a plan. */
  order: "/vip/v1/order",
  /** later (membership). */
  compensate: "/vip/v1/activity/compensate",
  /** Spec's drive `/mail/v1/unsubscribe`: GET `?d=` what it names, POST `{d}` unsubscribes. */
  unsubscribe: "/drive/v1/mail/unsubscribe",
} as const;
