import { describe, expect, it } from 'vitest';
import { isNetwork } from '../config/trust-proxy.js';
import { metricsNetworks } from './metrics-access.js';

describe('who may read the metrics by address', () => {
  it('lets in the loopback and the configured networks, in either notation, and nobody else', () => {
    const allowed = metricsNetworks(['10.1.0.0/16', '192.0.2.7', 'fd00::/8']);
    for (const address of [
      '127.0.0.1',
      '127.8.9.1',
      '::1',
      '::ffff:127.0.0.1',
      '10.1.200.3',
      '::ffff:10.1.0.9',
      '192.0.2.7',
      'fd12::1',
    ])
      expect(allowed(address), address).toBe(true);
    for (const address of ['10.2.0.1', '192.0.2.8', '::ffff:192.0.2.8', 'fe80::1', '2001:db8::1', '', 'localhost'])
      expect(allowed(address), address).toBe(false);
  });

  it('knows an address or network from anything else', () => {
    for (const value of ['10.0.0.0/8', '192.0.2.7', '::1', 'fd00::/8', '0.0.0.0/0'])
      expect(isNetwork(value), value).toBe(true);
    for (const value of ['10.0.0.0/33', '10.0.0.0/x', 'host.example', '10.0.0.0/8/1', 'fd00::/129', ''])
      expect(isNetwork(value), value).toBe(false);
  });
});
