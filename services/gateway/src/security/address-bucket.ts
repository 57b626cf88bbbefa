import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address a rate limit counts a request under. An IPv4 address is one bucket; an IPv6 address is
 * bucketed by its /64, the block one subscriber is given, which they can fill with as many
 * addresses as they like. An IPv4-mapped IPv6 address (`::ffff:203.0.113.5`) is its IPv4 address.
 */
export function addressBucket(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const address = ip.replace(/%.*$/, ''); // a zone index (fe80::1%eth0) names an interface, not a host
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return address;
  return `${firstHextets(address, 4).join(':')}::/64`;
}

/** The first `count` 16-bit groups of an IPv6 address, `::` expanded, without leading zeros. */
function firstHextets(address: string, count: number): string[] {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // A trailing dotted IPv4 part stands for two groups.
  const tailLength = tailGroups.length + (tailGroups.at(-1)?.includes('.') ? 1 : 0);
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailLength).fill('0');
  return [...headGroups, ...zeros, ...tailGroups]
    .slice(0, count)
    .map((group) => (group.includes('.') ? group : parseInt(group, 16).toString(16)));
}
