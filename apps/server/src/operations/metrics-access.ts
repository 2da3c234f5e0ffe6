import { BlockList, isIP } from 'node:net';

/**
 * The addresses that may read the metrics without a token: the loopback and the configured
 * networks (METRICS_ALLOW). IPv4 rules also match IPv4-mapped IPv6 addresses (::ffff:a.b.c.d).
 */
export const metricsNetworks = (allow: readonly string[]): ((address: string) => boolean) => {
  const list = new BlockList();
  list.addSubnet('127.0.0.0', 8, 'ipv4');
  list.addAddress('::1', 'ipv6');
  for (const entry of allow) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
};
