import { addressBucket } from './address-bucket';

describe('addressBucket', () => {
  it('keeps an IPv4 address whole', () => {
    expect(addressBucket('203.0.113.5')).toBe('203.0.113.5');
    expect(addressBucket('::ffff:203.0.113.5')).toBe('203.0.113.5');
  });

  it.each([
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['2001:db8:1:2:3:4:192.0.2.1', '2001:db8:1:2::/64'],
  ])('buckets %s by its /64', (ip, bucket) => {
    expect(addressBucket(ip)).toBe(bucket);
  });

  it('names a missing address', () => {
    expect(addressBucket(undefined)).toBe('unknown');
  });
});
