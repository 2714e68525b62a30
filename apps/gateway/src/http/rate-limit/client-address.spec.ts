import { clientOfAddress } from './client-address';

describe('the client an address stands for', () => {
  it('is the IPv4 address itself, also when written IPv4-mapped', () => {
    expect(clientOfAddress('198.51.100.7')).toBe('198.51.100.7');
    expect(clientOfAddress('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    expect(clientOfAddress('2001:db8:7:9::1')).toBe('2001:db8:7:9::/64');
    expect(clientOfAddress('2001:0db8:0007:0009:ffff:1:2:3')).toBe('2001:db8:7:9::/64');
    expect(clientOfAddress('2001:db8:7:a::1')).toBe('2001:db8:7:a::/64');
  });

  it('is the text as given when it is no address', () => {
    expect(clientOfAddress(undefined)).toBe('unknown');
    expect(clientOfAddress('not-an-address')).toBe('not-an-address');
  });
});
