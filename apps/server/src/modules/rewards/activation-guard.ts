/** Rate-limit keys of wrong activation codes (the captcha risk policy reads them too). */
export const CODE_FAILURE_WINDOW_MS = 60 * 60_000;

export function codeFailureKeys(who: { userId?: string; deviceId: string; ip: string }): {
  user?: string;
  device?: string;
  ip: string;
} {
  return {
    ...(who.userId ? { user: `activation-fail:user:${who.userId}` } : {}),
    ...(who.deviceId ? { device: `activation-fail:device:${who.deviceId}` } : {}),
    ip: `activation-fail:ip:${who.ip}`,
  };
}
