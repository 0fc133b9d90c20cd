import { DEFAULT_CAPTCHA_SALTS } from "@nimbus/protocol";
import { MmdbGeoIp } from "./modules/access/geoip.js";
import { IpBlocklist } from "./modules/access/ip-blocklist.js";
import { RegionAccess } from "./modules/access/region-access.js";
import { CaptchaService } from "./modules/captcha/captcha-service.js";
import type { SaltsLookup } from "./modules/captcha/captcha-sign-check.js";
import type { Shared } from "./services.js";

export interface ShieldServices {
  captcha: CaptchaService;
  region: RegionAccess;
}

/** `wireShield`: the captcha shield and region access; `registrySalts` is the client registry's own salts. */
export function wireShield(shared: Shared, registrySalts: SaltsLookup): ShieldServices {
  const { config } = shared;
  const signClients = new Set(config.captcha.signClients);
  // The registry's own salts win; CAPTCHA_SIGN_CLIENTS turns on the default ones.
  const salts: SaltsLookup = (clientId) =>
    registrySalts(clientId) ?? (signClients.has(clientId) ? DEFAULT_CAPTCHA_SALTS : undefined);
  return {
    captcha: new CaptchaService({
      config: config.captcha,
      secretKey: config.secretKey,
      publicUrl: config.publicUrl,
      clock: shared.clock,
      rateLimits: shared.rateLimits,
      salts,
    }),
    region: new RegionAccess(
      new MmdbGeoIp(config.region.geoipDatabase),
      new IpBlocklist(config.blockedIps),
      config.region.blockedCountries,
    ),
  };
}
