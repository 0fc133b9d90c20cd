import * as icons from "../components/icons.js";

/** The download targets of spec §3, in the order the site shows them. */
export const DOWNLOAD_TARGETS = ["android", "ios", "gp", "tv", "windows"] as const;
export type DownloadTarget = (typeof DOWNLOAD_TARGETS)[number];

/**
 * Where each installer is published, its icon, and whether it is a phone app (the
 * `disable-mobile-platform-card-anchor` rule applies to those). An operator
 * publishing their own builds edits `href` here. Texts: `download.<target>.name|note`.
 */
export const DOWNLOADS: Record<DownloadTarget, { href: string; icon: string; phone: boolean }> = {
  android: { href: "/downloads/nimbus-android.apk", icon: icons.android, phone: true },
  ios: { href: "/downloads/nimbus-ios", icon: icons.phone, phone: true },
  gp: { href: "/downloads/nimbus-google-play", icon: icons.play, phone: true },
  tv: { href: "/downloads/nimbus-tv.apk", icon: icons.tv, phone: false },
  windows: { href: "/downloads/nimbus-setup.exe", icon: icons.windows, phone: false },
};
