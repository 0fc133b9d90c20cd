import { isIP } from "node:net";

/** True for an IPv4/IPv6 address or a CIDR range of one (`10.0.0.0/8`, `fe80::/10`). */
export function isIpOrRange(entry: string): boolean {
  const [address = "", prefix, extra] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits >= 0 && bits <= (family === 6 ? 128 : 32);
}
