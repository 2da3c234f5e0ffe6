import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import dns from 'node:dns';

/**
 * Addresses a webhook never goes to unless the operator allows them (WEBHOOK_ALLOW_PRIVATE_TARGETS,
 * docs/adr/0120-event-feed-and-signed-webhooks.md): loopback, link-local, private and shared
 * networks and the unspecified address, in IPv4 and IPv6 (an IPv4-mapped IPv6 address counts as
 * its IPv4 one). They would let whoever registers an endpoint reach the portal's own network.
 */
const REFUSED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  REFUSED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  REFUSED.addSubnet(network, prefix, 'ipv6');

export const isRefusedAddress = (address: string): boolean => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return REFUSED.check(mapped, 'ipv4');
  const family = isIP(address);
  return family === 4 ? REFUSED.check(address, 'ipv4') : family === 6 ? REFUSED.check(address, 'ipv6') : true;
};

/** Whether the URL's host resolves to a refused address (any of them); an unresolvable host is not refused here, its delivery fails. */
export const resolvesToRefused = async (url: string): Promise<boolean> => {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isRefusedAddress(host);
  try {
    const addresses = await lookup(host, { all: true, verbatim: true });
    return addresses.some((entry) => isRefusedAddress(entry.address));
  } catch {
    return false;
  }
};

/** The error a delivery's connection fails with when its host resolved to a refused address. */
export class RefusedTargetError extends Error {
  constructor(address: string) {
    super(`refused target address ${address}`);
    this.name = 'RefusedTargetError';
  }
}

/**
 * The DNS lookup of a delivery's connection: the address the request really connects to is the one
 * checked, so a name that resolves elsewhere at registration (or changes after it) cannot lead in.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses as unknown as dns.LookupAddress[];
    const refused = list.find((entry) => isRefusedAddress(entry.address));
    if (refused) return callback(new RefusedTargetError(refused.address), '', 4);
    if (options.all) return callback(null, list as never);
    const first = list[0];
    if (!first) return callback(new Error(`no address for ${hostname}`), '', 4);
    return callback(null, first.address, first.family);
  });
};
