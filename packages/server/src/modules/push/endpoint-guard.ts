/**
 * Which push endpoints the server posts to. The endpoint comes from a browser — that is, from any
 * signed-in user, who could hand us any URL — and the server makes the request from inside its
 * network, so it is held to the webhooks' rule (issue 24: no loopback, private or link-local
 * targets, checked on the address the connection really uses) and, more strictly, to https:
 * every real push service (FCM, Mozilla autopush, Apple, Microsoft) is https on a public name.
 * PUSH_ALLOW_LOOPBACK_HTTP=true lets development and tests use a stand-in push service on
 * http://127.0.0.1 — loopback only, never another private address.
 */
import net from 'node:net';
import { isNonPublicAddress, isObviouslyPrivateUrl, literalAddressOf } from '../webhooks/target-guard.js';

export type EndpointVerdict = { ok: true; loopbackHttp: boolean } | { ok: false; reason: string };

function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  if (net.isIPv4(host)) return host.startsWith('127.');
  return host === '::1';
}

export function checkEndpoint(raw: string, allowLoopbackHttp: boolean): EndpointVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  if (url.username || url.password) return { ok: false, reason: 'credentials in the URL' };
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (url.protocol === 'http:') {
    if (allowLoopbackHttp && isLoopback(host)) return { ok: true, loopbackHttp: true };
    return { ok: false, reason: 'not https' };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'not https' };
  if (isObviouslyPrivateUrl(raw)) return { ok: false, reason: 'loopback or private address' };
  const literal = literalAddressOf(url);
  if (literal && isNonPublicAddress(literal)) return { ok: false, reason: 'loopback or private address' };
  return { ok: true, loopbackHttp: false };
}
