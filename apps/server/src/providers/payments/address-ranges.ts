import { BlockList, isIP } from 'node:net';

/**
 * YooKassa's published notification sources (its SDK's SecurityHelper, 2.3.0; integrations.md
 * §C.4): the default of `YOOKASSA_ALLOWED_IPS`, and the only copy (config.ts reads it from here).
 * Its IPv6 sources are four /64 networks, not YooKassa's whole /32.
 */
export const YOOKASSA_NOTIFICATION_SOURCES: readonly string[] = [
  '77.75.153.0/25',
  '77.75.156.11',
  '77.75.156.35',
  '77.75.154.128/25',
  '185.71.76.0/27',
  '185.71.77.0/27',
  '2a02:5180:0:1509::/64',
  '2a02:5180:0:2655::/64',
  '2a02:5180:0:1533::/64',
  '2a02:5180:0:2669::/64',
];

/** `::ffff:77.75.153.5` → `77.75.153.5`; other addresses unchanged (and without a zone). */
function normalize(address: string): string {
  const trimmed = address.trim().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

/**
 * A test of addresses against IPv4/IPv6 addresses and CIDR ranges (`77.75.153.0/25`,
 * `2a02:5180::/32`). IPv4-mapped IPv6 addresses (`::ffff:a.b.c.d`, as a dual-stack socket reports
 * IPv4 peers) match their IPv4 ranges. Throws on an entry that is not an address or a range.
 */
export function createAddressMatcher(ranges: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of ranges) {
    const [rawAddress = '', prefix, ...rest] = entry.trim().split('/');
    const address = normalize(rawAddress);
    const family = isIP(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    const max = family === 6 ? 128 : 32;
    if (
      family === 0 ||
      rest.length > 0 ||
      (bits !== undefined && (!/^\d{1,3}$/.test(prefix ?? '') || bits > max))
    ) {
      throw new Error(`Not an IP address or CIDR range: ${entry}`);
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return (candidate) => {
    const address = normalize(candidate);
    const family = isIP(address);
    if (family === 0) return false;
    return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}
