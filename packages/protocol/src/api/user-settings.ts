// No Zod here: the web's drive imports these defaults on its first load (the share-code paste),
// and a module that builds schemas would bring Zod along with it.

/**
 * The user settings of spec §3, kept per user on the server (`GET`/`PATCH /v1/user/settings`).
 * `TEST_MODE` is not among them: it is a developer switch, not a user's choice (decision 0039).
 */
export const USER_SETTING_DEFAULTS = {
  /** Files saved from other apps go into a folder per app rather than the drive's root. */
  SAVE_OTHER_APP_FILES_IN_SEPARATE_FOLDERS: false,
  /** Saves and uploads from an app land in a default folder named after its platform. */
  defaultFolderBasedOnPlatform: false,
  /** Creating a share or a cloud download skips small junk files (ads, `.url`, `.txt` notes). */
  filterFilesWhenCreate: true,
  /** Shares the checks flag as sensitive are shown, behind a cover the user opens. */
  displaySensitiveShare: false,
  /** A pasted text holding a share link and its passcode is recognised and opened. */
  autoIdentifyShareCode: true,
} as const;
export type UserSettingName = keyof typeof USER_SETTING_DEFAULTS;
export const USER_SETTING_NAMES = Object.keys(USER_SETTING_DEFAULTS) as UserSettingName[];
