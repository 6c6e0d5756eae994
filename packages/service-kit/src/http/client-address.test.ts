import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addressKey } from './client-address.ts';

describe('addressKey', () => {
  it('keeps IPv4 addresses one by one, also when written IPv4-mapped', () => {
    assert.equal(addressKey('203.0.113.7'), '203.0.113.7');
    assert.equal(addressKey('::ffff:203.0.113.7'), '203.0.113.7');
    assert.equal(addressKey('::FFFF:cb00:7107'), '203.0.113.7');
  });

  it('counts IPv6 addresses by their /64, however they are written', () => {
    const key = '2001:db8:0:1::/64';
    assert.equal(addressKey('2001:db8:0:1::1'), key);
    assert.equal(addressKey('2001:0DB8:0000:0001:ffff:ffff:ffff:fffe'), key);
    assert.equal(addressKey('[2001:db8::1:0:0:0:9]'), key);
    assert.equal(addressKey('2001:db8:0:1:0:0:10.0.0.1'), key);
    assert.equal(addressKey('fe80::1%eth0'), 'fe80:0:0:0::/64');
    assert.equal(addressKey('::1'), '0:0:0:0::/64');
    assert.notEqual(addressKey('2001:db8:0:2::1'), key);
  });

  it('leaves what is not an address as it is', () => {
    assert.equal(addressKey(''), '');
    assert.equal(addressKey('unknown'), 'unknown');
  });
});
