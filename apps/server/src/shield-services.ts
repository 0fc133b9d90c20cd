import { DEFAULT_CAPTCHA_SALTS } from "@nimbus/protocol";
import { MmdbGeoIp } from "./modules/access/geoip.js";
import { IpBlocklist } from "./modules/access/ip-blocklist.js";
import { RegionAccess } from "./modules/access/region-access.js";
import { CaptchaService } from "./modules/captcha/captcha-service.js";
import type { SaltsLookup } from "./modules/captcha/captcha-sign-check.js";
import type { RateLimitStore } from "./modules/rate-limits/rate-limit-store.js";
import type { AppDeps } from "./services.js";

export interface ShieldServices {
  captcha: CaptchaService;
  region: RegionAccess;
}

/** `wireShield`: the captcha shield and region access (issue #4 items 7 and 8). */
export function wireShield(
  deps: AppDeps,
  options: { rateLimits: RateLimitStore; salts: SaltsLookup },
): ShieldServices {
  const { config } = deps;
  const signClients = new Set(config.captcha.signClients);
  // The registry's own salts win; CAPTCHA_SIGN_CLIENTS turns on the default ones.
  const salts: SaltsLookup = (clientId) =>
    options.salts(clientId) ?? (signClients.has(clientId) ? DEFAULT_CAPTCHA_SALTS : undefined);
  return {
    captcha: new CaptchaService({
      config: config.captcha,
      secretKey: config.secretKey,
      publicUrl: config.publicUrl,
      clock: deps.clock,
      rateLimits: options.rateLimits,
      salts,
    }),
    region: new RegionAccess(
      new MmdbGeoIp(config.region.geoipDatabase),
      new IpBlocklist(config.blockedIps),
      config.region.blockedCountries,
    ),
  };
}
