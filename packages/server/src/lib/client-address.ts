/**
 * Which address a request comes from, behind reverse proxies the operator names (TRUST_PROXY).
 *
 * X-Forwarded-For is written by whoever sent the request first: a client can put any address in
 * it, and nginx's `$proxy_add_x_forwarded_for` appends the real one after it. So the list is read
 * from the right, skipping only hops that are trusted proxies; the client is the first untrusted
 * hop. Trusting every hop (Fastify's `trustProxy: true`) would make the client's own, forged,
 * leftmost entry its address — and sign-in throttling and rate limits would count nothing.
 *
 * TRUST_PROXY:
 * - `false` (default): the socket's peer is the client; X-Forwarded-* is ignored.
 * - `true`: proxies on this machine (loopback: 127.0.0.0/8, ::1) — the documented nginx set-up.
 * - a comma list of addresses or CIDRs (`10.0.0.5, 172.18.0.0/16`, also `loopback`, `linklocal`,
 *   `uniquelocal`): the proxies at those addresses.
 * - a whole number N: the N nearest hops, whatever their address. Only when the server cannot be
 *   reached except through those proxies: a client that reaches it directly chooses its address.
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

export type TrustProxy = false | { hops: number } | { addresses: string[] };

export type TrustFunction = (address: string, hop: number) => boolean;

/** Parses TRUST_PROXY; a string describing what is wrong when it is not valid. */
export function parseTrustProxy(raw: string): TrustProxy | string {
  const value = raw.trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return { addresses: ['loopback'] };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops === 0 ? false : { hops };
  }
  const addresses = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  try {
    proxyAddr.compile(addresses);
  } catch (err) {
    return `must be true, false, a number of hops or a comma list of addresses/CIDRs (${(err as Error).message})`;
  }
  return { addresses };
}

/** The trust function given to Fastify (request.ip) and used for Socket.IO handshakes. */
export function trustFunction(trust: TrustProxy): TrustFunction {
  if (trust === false) return () => false;
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  return proxyAddr.compile(trust.addresses);
}

/** The first untrusted hop of a raw request (the socket's peer when no proxy is trusted). */
export function clientAddress(req: IncomingMessage, trust: TrustFunction): string {
  const hops = proxyAddr.all(req, trust);
  return hops[hops.length - 1] ?? req.socket.remoteAddress ?? '';
}
