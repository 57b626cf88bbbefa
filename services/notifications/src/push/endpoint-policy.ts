import { BlockList, isIP } from 'node:net';

/**
 * The browsers' push services (Chrome/Edge via FCM, Firefox, Safari, Windows). A subscription's
 * endpoint is a URL the browser hands us and we later POST to, so anything else is refused: it would
 * let a member make our workers send requests to any host, including ones inside our network.
 */
const PUSH_SERVICE_HOSTS: readonly string[] = ['fcm.googleapis.com', 'updates.push.services.mozilla.com'];
const PUSH_SERVICE_DOMAINS: readonly string[] = [
  '.push.services.mozilla.com',
  '.push.apple.com',
  '.notify.windows.com',
];

const KNOWN_SERVICES =
  'fcm.googleapis.com, *.push.services.mozilla.com, *.push.apple.com, *.notify.windows.com';

/**
 * Loopback, private, link-local and unique-local ranges (RFC 1918, 4193, 6598 and friends). BlockList
 * also matches IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) against the IPv4 ranges.
 */
const PRIVATE_RANGES = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv6');
}

const isLoopbackOrPrivate = (host: string) => {
  const family = isIP(host);
  if (family !== 0) return PRIVATE_RANGES.check(host, family === 4 ? 'ipv4' : 'ipv6');
  return host === 'localhost' || /\.(localhost|local|internal)$/.test(host);
};

/**
 * Why an endpoint is refused, as a sentence for the member, or null when it is accepted.
 * `extraOrigins` are the configured exceptions (PUSH_EXTRA_ORIGINS), e.g. a test's fake push service.
 */
export function refusePushEndpoint(endpoint: string, extraOrigins: readonly string[]): string | null {
  if (!URL.canParse(endpoint)) return 'The push endpoint is not a URL.';
  const url = new URL(endpoint);
  if (extraOrigins.includes(url.origin)) return null;
  if (url.protocol !== 'https:') return 'Push endpoints must use https.';
  if (url.username || url.password) return 'Push endpoints must not contain credentials.';
  // URL() gives IPv6 literals in brackets.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isLoopbackOrPrivate(host)) return 'Push endpoints on loopback or private addresses are not allowed.';
  if (isIP(host)) return 'Push endpoints must name a push service, not an IP address.';
  if (url.port !== '') return 'Push endpoints must use the standard https port.';
  const known =
    PUSH_SERVICE_HOSTS.includes(host) || PUSH_SERVICE_DOMAINS.some((domain) => host.endsWith(domain));
  return known ? null : `Unknown push service "${host}". Supported: ${KNOWN_SERVICES}.`;
}
