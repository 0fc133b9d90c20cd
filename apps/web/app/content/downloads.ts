import * as icons from "../components/icons.js";

/** The download targets of spec §3, in the order the site shows them. */
export const DOWNLOAD_TARGETS = ["android", "ios", "gp", "tv", "windows"] as const;
export type DownloadTarget = (typeof DOWNLOAD_TARGETS)[number];

/**
 * Each installer's icon, and whether it is a phone app (the
 * `disable-mobile-platform-card-anchor` rule applies to those). Where an installer is
 * published is the operator's remote config (`external_products`), not this file.
 * Texts: `download.<target>.name|note`.
 */
export const DOWNLOADS: Record<DownloadTarget, { icon: string; phone: boolean }> = {
  android: { icon: icons.android, phone: true },
  ios: { icon: icons.phone, phone: true },
  gp: { icon: icons.play, phone: true },
  tv: { icon: icons.tv, phone: false },
  windows: { icon: icons.windows, phone: false },
};
