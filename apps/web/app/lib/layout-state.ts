import { type Clock, systemClock } from "./platform.js";

/** Spec §9: widths up to 768 px are mobile. */
export const MOBILE_MAX_WIDTH_PX = 768;

export function isMobileWidth(width: number): boolean {
  return width <= MOBILE_MAX_WIDTH_PX;
}

/** The layout state (spec §3). */
export interface LayoutState {
  sidebarMobileVisible: boolean;
  i18nMenuPopoverVisible: boolean;
  isMobile: boolean;
  darkMode: boolean;
  isCollapse: boolean;
  /** Epoch ms when the state was created (on the server, for a server render). */
  serverTime: number;
  routingPath: string | null;
}

export function createLayoutState(now: Clock = systemClock): LayoutState {
  return {
    sidebarMobileVisible: false,
    i18nMenuPopoverVisible: false,
    isMobile: false,
    darkMode: false,
    isCollapse: false,
    serverTime: now(),
    routingPath: null,
  };
}
