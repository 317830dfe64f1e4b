/**
 * Where outgoing webhooks may go. A webhook URL is chosen by an admin, but the request is made by
 * the server, from inside its network: to loopback, a private network, a link-local address (the
 * cloud metadata service at 169.254.169.254) or any other non-public range it could reach what the
 * admin cannot. Such targets are refused unless the installation allows them
 * (WEBHOOKS_ALLOW_PRIVATE=true).
 *
 * The check is made on the address the connection actually uses: the socket's own DNS lookup is
 * replaced by one that refuses a non-public answer, so a name cannot resolve to a public address
 * when the URL is saved and to a private one when the request is made (DNS rebinding). An address
 * written in the URL is checked directly, since Node does not look up a literal address.
 */
import dns from 'node:dns';
import net, { BlockList, type LookupFunction } from 'node:net';

const blocked = new BlockList();
// IPv4: "this network", private (RFC 1918), shared address space (CGNAT; also cloud metadata such
// as 100.100.100.200), loopback, link-local (169.254.169.254 metadata), IETF protocol assignments,
// documentation, benchmarking, multicast, reserved and broadcast.
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv4');
}
// IPv6: unspecified, loopback, unique local (fd00:ec2::254 metadata), link-local, site-local,
// multicast, documentation, and the discard prefix.
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv6');
}

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const hi = parseInt(hex[1], 16);
  const lo = parseInt(hex[2], 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Whether an IP address is anything but a public unicast address. */
export function isNonPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4) return blocked.check(v4, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

export class PrivateTargetError extends Error {
  constructor(readonly address: string) {
    // The code first: the deliveries page shows its translation with the address.
    super(`ERR_WEBHOOK_PRIVATE_TARGET: ${address} is a loopback, private or link-local address (WEBHOOKS_ALLOW_PRIVATE=true allows it)`);
    this.name = 'PrivateTargetError';
  }
}

/** The URL's host as an address when it is written as one (brackets of IPv6 removed), else null. */
export function literalAddressOf(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return net.isIP(host) ? host : null;
}

/**
 * Whether a URL is plainly aimed at this machine or a private network, before any DNS: a
 * non-public literal address, or `localhost` (which resolves to loopback by definition).
 */
export function isObviouslyPrivateUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  const literal = literalAddressOf(url);
  if (literal) return isNonPublicAddress(literal);
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost');
}

/** A socket `lookup` that fails the connection when the name resolves to any non-public address. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) {
      callback(err, '', 4);
      return;
    }
    const refused = addresses.find((a) => isNonPublicAddress(a.address));
    if (refused) {
      callback(Object.assign(new PrivateTargetError(refused.address), { code: 'ERR_WEBHOOK_PRIVATE_TARGET' }), '', 4);
      return;
    }
    if (options.all) (callback as unknown as (e: null, all: dns.LookupAddress[]) => void)(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  });
};
