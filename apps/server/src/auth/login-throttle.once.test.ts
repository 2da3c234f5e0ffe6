import { describe, expect, it } from 'vitest';
import { throttleAddress, throttleKeys } from './login-throttle.js';

describe('throttleAddress', () => {
  it('keeps an IPv4 address, unwraps an IPv4-mapped one and takes the /64 of IPv6', () => {
    expect(throttleAddress('192.0.2.1')).toBe('192.0.2.1');
    expect(throttleAddress('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(throttleAddress('2001:DB8:0:1:2:3:4:5')).toBe('2001:db8:0:1::/64');
    expect(throttleAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleAddress('2001:db8:0:1::1%eth0')).toBe('2001:db8:0:1::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
  });

  it('keys an attempt by address with account, and by address', () => {
    expect(throttleKeys('192.0.2.1', ' Admin ')).toEqual({
      pair: 'ip+account:192.0.2.1|admin',
      address: 'ip:192.0.2.1',
    });
  });
});
