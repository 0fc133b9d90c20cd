import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

/** IP address → ISO 3166-1 alpha-2 country code. */
export interface GeoIp {
  /** Upper-case code, or undefined when the address is private, unknown or not an address. */
  country(address: string): Promise<string | undefined>;
}

interface MmdbReader {
  get(address: string): unknown;
}

const BUNDLED_PACKAGE = "@ip-location-db/geo-whois-asn-country-mmdb";
const BUNDLED_FILE = "geo-whois-asn-country.mmdb";

/** The database shipped with the npm package (CC0, IPv4 and IPv6). */
export function bundledGeoIpDatabase(): string {
  const manifest = createRequire(import.meta.url).resolve(`${BUNDLED_PACKAGE}/package.json`);
  return path.join(path.dirname(manifest), BUNDLED_FILE);
}

/** ip-location-db records are `{country_code}`; MaxMind's are `{country: {iso_code}}`. */
function countryOf(record: unknown): string | undefined {
  if (typeof record !== "object" || record === null) return undefined;
  const flat = (record as { country_code?: unknown }).country_code;
  const nested = (record as { country?: { iso_code?: unknown } }).country?.iso_code;
  const code = typeof flat === "string" ? flat : typeof nested === "string" ? nested : undefined;
  return code && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : undefined;
}

/**
 * Country lookups in an `.mmdb` file (mmdb-lib). The ~8 MB database is read on the
 * first lookup, not at start-up, so a server that never asks pays nothing.
 */
export class MmdbGeoIp implements GeoIp {
  private reader: Promise<MmdbReader> | undefined;

  constructor(private readonly file: string = bundledGeoIpDatabase()) {}

  async country(address: string): Promise<string | undefined> {
    const plain = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
    const reader = await this.open();
    try {
      return countryOf(reader.get(plain));
    } catch {
      return undefined;
    }
  }

  private open(): Promise<MmdbReader> {
    this.reader ??= (async () => {
      const [{ Reader }, bytes] = await Promise.all([import("mmdb-lib"), readFile(this.file)]);
      return new Reader(bytes) as MmdbReader;
    })();
    this.reader.catch(() => {
      this.reader = undefined;
    });
    return this.reader;
  }
}
