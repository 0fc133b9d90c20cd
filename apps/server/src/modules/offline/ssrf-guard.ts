import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP } from "node:net";
import { NimbusError } from "@nimbus/protocol";

/**
 * The SSRF rule of cloud download (decision 0025): a fetch, each redirect hop, each
 * tracker and each peer may only reach a public address. Names are resolved here and
 * the connection goes to the checked address (no second lookup an attacker's DNS
 * could answer differently).
 */

/** `[first address as a bigint, prefix length]` ranges refused unless the operator allows private addresses. */
const V4_REFUSED: ReadonlyArray<readonly [string, number]> = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // RFC 1918
  ["100.64.0.0", 10], // CGNAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata 169.254.169.254
  ["172.16.0.0", 12], // RFC 1918
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.168.0.0", 16], // RFC 1918
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast 255.255.255.255
];

const V6_REFUSED: ReadonlyArray<readonly [string, number]> = [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["fc00::", 7], // unique local (incl. fd00:ec2::254, the EC2 metadata address)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
  ["100::", 64], // discard
];

/** The 16 bytes of an IPv6 address as a bigint; undefined when not IPv6. */
function v6ToBigInt(address: string): bigint | undefined {
  let text = address.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  if (isIP(text) !== 6) return undefined;
  // A trailing dotted quad (::ffff:1.2.3.4) becomes two hex groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = v4ToNumber(dotted[1]) as number;
    text = `${text.slice(0, -dotted[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...tailGroups];
  if (groups.length !== 8) return undefined;
  return groups.reduce((acc, group) => (acc << 16n) | BigInt(Number.parseInt(group || "0", 16)), 0n);
}

function v4ToNumber(address: string): number | undefined {
  if (isIP(address) !== 4) return undefined;
  return address.split(".").reduce((acc, part) => acc * 256 + Number(part), 0);
}

function inV4(address: number, [base, prefix]: readonly [string, number]): boolean {
  const size = 2 ** (32 - prefix);
  const start = v4ToNumber(base) as number;
  return address >= start && address < start + size;
}

function inV6(address: bigint, [base, prefix]: readonly [string, number]): boolean {
  const shift = BigInt(128 - prefix);
  return address >> shift === (v6ToBigInt(base) as bigint) >> shift;
}

/** The IPv4 address an IPv6 one carries (IPv4-mapped, IPv4-compatible, NAT64 64:ff9b::/96), if any. */
function embeddedV4(address: bigint): number | undefined {
  const high = address >> 32n;
  const low = Number(address & 0xffffffffn);
  if (high === 0xffffn || (high === 0n && low > 1)) return low; // ::ffff:a.b.c.d, ::a.b.c.d
  if (high === 0x64ff9b0000000000000000n) return low; // 64:ff9b::a.b.c.d
  return undefined;
}

/**
 * True when `ip` (IPv4 or IPv6 text) is a public address a cloud download may reach.
 * Anything that does not parse as an address is refused.
 */
export function isAddressAllowed(ip: string, allowPrivate = false): boolean {
  const v4 = v4ToNumber(ip);
  if (v4 !== undefined) return allowPrivate || !V4_REFUSED.some((range) => inV4(v4, range));
  const v6 = v6ToBigInt(ip);
  if (v6 === undefined) return false;
  if (allowPrivate) return true;
  const mapped = embeddedV4(v6);
  if (mapped !== undefined) return !V4_REFUSED.some((range) => inV4(mapped, range));
  return !V6_REFUSED.some((range) => inV6(v6, range));
}

export type LookupFunction = (
  hostname: string,
  callback: (error: Error | null, addresses: LookupAddress[]) => void,
) => void;

/** The system resolver, every answer. */
export const systemLookup: LookupFunction = (hostname, callback) =>
  dnsLookup(hostname, { all: true, verbatim: true }, callback);

export function addressRefused(host: string): NimbusError {
  return new NimbusError("offline_address_refused", `${host} resolves to an address that is not public`, {
    metadata: { host },
  });
}

export interface SsrfGuardOptions {
  allowPrivate: boolean;
  /** Replaces the system resolver (tests). */
  lookup?: LookupFunction;
}

/**
 * The guard one fetcher uses: checks addresses, resolves names to allowed
 * addresses only, and plugs into `net.connect`/undici as their `lookup`.
 */
export class SsrfGuard {
  private readonly resolver: LookupFunction;

  constructor(private readonly options: SsrfGuardOptions) {
    this.resolver = options.lookup ?? systemLookup;
  }

  get allowPrivate(): boolean {
    return this.options.allowPrivate;
  }

  isAddressAllowed(ip: string): boolean {
    return isAddressAllowed(ip, this.options.allowPrivate);
  }

  /**
   * The allowed addresses `host` resolves to (an address literal: itself). Refused
   * (`offline_address_refused`) when any answer is not public: a name that mixes a
   * private answer in is not trusted with the public ones either.
   */
  async resolveAllowed(host: string): Promise<LookupAddress[]> {
    const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
    const family = isIP(bare);
    if (family !== 0) {
      if (!this.isAddressAllowed(bare)) throw addressRefused(host);
      return [{ address: bare, family }];
    }
    const answers = await new Promise<LookupAddress[]>((resolve, reject) =>
      this.resolver(bare, (error, addresses) => (error ? reject(error) : resolve(addresses))),
    ).catch((error: unknown) => {
      throw new NimbusError("offline_fetch_failed", `cannot resolve ${host}: ${String(error)}`, {
        metadata: { host },
      });
    });
    if (answers.length === 0 || answers.some((a) => !this.isAddressAllowed(a.address)))
      throw addressRefused(host);
    return answers;
  }

  /**
   * A `lookup` for `net.connect` (undici's `connect.lookup`): answers only checked
   * addresses, so the socket connects to what was checked.
   */
  readonly connectLookup = (
    hostname: string,
    options: { all?: boolean } | number,
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    this.resolveAllowed(hostname).then(
      (answers) => {
        if (typeof options === "object" && options.all) callback(null, answers);
        else {
          const first = answers[0] as LookupAddress;
          callback(null, first.address, first.family);
        }
      },
      (error: Error) => callback(error, typeof options === "object" && options.all ? [] : "", 4),
    );
  };
}
