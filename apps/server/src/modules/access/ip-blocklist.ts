import { BlockList, isIP } from "node:net";

/**
 * Operator-blocked addresses and ranges (`203.0.113.7`, `198.51.100.0/24`,
 * `2001:db8::/32`). Pages are not rendered for them (spec §2).
 */
export class IpBlocklist {
  private readonly list = new BlockList();
  readonly size: number;

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const [address = "", prefix] = entry.split("/");
      const family = isIP(address) === 6 ? "ipv6" : "ipv4";
      if (prefix === undefined) this.list.addAddress(address, family);
      else this.list.addSubnet(address, Number(prefix), family);
    }
    this.size = entries.length;
  }

  /** IPv4-mapped IPv6 addresses (`::ffff:1.2.3.4`) are checked as IPv4. */
  has(address: string | undefined): boolean {
    if (!address || this.size === 0) return false;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    const plain = mapped ?? address;
    const family = isIP(plain);
    if (family === 0) return false;
    return this.list.check(plain, family === 6 ? "ipv6" : "ipv4");
  }
}
