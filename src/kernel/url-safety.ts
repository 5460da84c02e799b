import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promisify } from 'node:util';

/**
 * Receiver URL safety (SSRF): deliveries go out from inside the platform's network, so a receiver must never be
 * an internal address. Checked when the URL is set and again at every connection (DNS can change in between).
 */
// Two lists: a BlockList holding ::ffff:0:0/96 would also match every plain IPv4 address.
const blocked4 = new BlockList();
const blocked6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and IPv4-compatible
  ['::ffff:0:0', 96], // IPv4-mapped: would smuggle any IPv4 address
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48], // NAT64 to arbitrary IPv4
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked6.addSubnet(net, prefix, 'ipv6');

/** True for addresses a receiver may have: not private, loopback, link-local, multicast or reserved. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !blocked4.check(address, 'ipv4') : !blocked6.check(address, 'ipv6');
}

const LOCALHOST_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The sandbox exception: a local receiver during development (http or https). */
export function isSandboxLocalhost(url: URL, env: 'sandbox' | 'production'): boolean {
  return env === 'sandbox' && LOCALHOST_NAMES.has(url.hostname.toLowerCase());
}

export type Resolve = (hostname: string) => Promise<string[]>;

const lookupAll = promisify(dnsLookup);
export const systemResolve: Resolve = async (hostname) =>
  (await lookupAll(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** Why the URL cannot receive webhooks, or null when it can. */
export async function webhookUrlProblem(
  raw: string,
  env: 'sandbox' | 'production',
  resolve: Resolve = systemResolve,
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.username || url.password) return 'must not carry credentials';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https URL';
  if (isSandboxLocalhost(url, env)) return null;
  if (url.protocol !== 'https:')
    return env === 'sandbox' ? 'must be https (or http://localhost in the sandbox)' : 'must be https';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPublicAddress(host) ? null : 'must not point to a private, loopback or link-local address';
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return 'host name does not resolve';
  }
  if (addresses.length === 0) return 'host name does not resolve';
  if (!addresses.every(isPublicAddress)) return 'must not resolve to a private, loopback or link-local address';
  return null;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for outgoing connections that refuses non-public addresses, so a host name re-pointed after it
 * was checked (DNS rebinding) still cannot reach inside.
 */
export function guardedLookup(
  hostname: string,
  options: { all?: boolean; family?: number } | undefined,
  callback: LookupCallback,
): void {
  dnsLookup(hostname, { ...(options ?? {}), all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses;
    const [first] = list;
    if (!first || !list.every((a) => isPublicAddress(a.address))) {
      const e: NodeJS.ErrnoException = new Error(`${hostname} resolves to a non-public address`);
      e.code = 'EADDRNOTALLOWED';
      return callback(e, []);
    }
    if (options?.all) return callback(null, list);
    callback(null, first.address, first.family);
  });
}
