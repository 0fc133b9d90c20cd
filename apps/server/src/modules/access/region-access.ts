import type { GeoIp } from "./geoip.js";
import type { IpBlocklist } from "./ip-blocklist.js";

/**
 * Region access: an address may use the service unless the
 * operator blocked it (`BLOCKED_IPS`) or its country (`BLOCKED_COUNTRIES`).
 */
export class RegionAccess {
  private readonly blockedCountries: ReadonlySet<string>;

  constructor(
    private readonly geoip: GeoIp,
    /** Also what the web pages are refused to (spec §2). */
    readonly blockedIps: IpBlocklist,
    blockedCountries: readonly string[],
  ) {
    this.blockedCountries = new Set(blockedCountries);
  }

  /** The address's country code, "" when unknown (private ranges, loopback). */
  async countryCode(address: string): Promise<string> {
    return (await this.geoip.country(address)) ?? "";
  }

  async accessible(address: string): Promise<boolean> {
    if (this.blockedIps.has(address)) return false;
    // The database is only opened when a country is blocked.
    if (this.blockedCountries.size === 0) return true;
    const country = await this.geoip.country(address);
    return country === undefined || !this.blockedCountries.has(country);
  }
}
