import { isInternalAddress } from './internal-addresses';

describe('internal address classification', () => {
  it.each([
    ['IPv4 loopback', '127.0.0.1'],
    ['IPv4 loopback, any of 127/8', '127.255.0.9'],
    ['IPv4 unspecified', '0.0.0.0'],
    ['10/8', '10.1.2.3'],
    ['172.16/12', '172.31.255.255'],
    ['192.168/16', '192.168.0.10'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['IPv4 link-local (cloud metadata)', '169.254.169.254'],
    ['IPv4 multicast', '224.0.0.251'],
    ['IPv4 broadcast', '255.255.255.255'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unspecified', '::'],
    ['IPv6 link-local', 'fe80::1'],
    ['IPv6 link-local with a zone', 'fe80::1%eth0'],
    ['IPv6 unique-local', 'fd12:3456::1'],
    ['IPv6 multicast', 'ff02::1'],
    ['IPv4-mapped loopback, dotted', '::ffff:127.0.0.1'],
    ['IPv4-mapped loopback, hex', '::ffff:7f00:1'],
    ['IPv4-mapped private, expanded', '0:0:0:0:0:ffff:c0a8:0001'],
    ['NAT64 of a private address', '64:ff9b::10.0.0.1'],
    ['6to4 (2002::/16), even of a public IPv4 address', '2002:5db8:d822::1'],
    ['6to4 of a private IPv4 address', '2002:c0a8:0001::1'],
    ['Teredo (2001::/32)', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['Teredo, shortest form', '2001::1'],
    ['the local-use NAT64 prefix (64:ff9b:1::/48)', '64:ff9b:1::5db8:d822'],
    ['the local-use NAT64 prefix, any address in it', '64:ff9b:1:ffff::1'],
    ['IPv4-compatible loopback (deprecated)', '::127.0.0.1'],
    ['IPv4-translated (RFC 6145)', '::ffff:0:10.0.0.1'],
    ['IPv6 documentation', '2001:db8::1'],
    ['IPv4 documentation (TEST-NET-3)', '203.0.113.9'],
    ['a bracketed IPv6 literal', '[::1]'],
    ['no address at all', 'localhost'],
  ])('refuses %s (%s)', (_case, address) => {
    expect(isInternalAddress(address)).toBe(true);
  });

  it.each([
    ['a public IPv4 address', '93.184.216.34'],
    ['just outside 172.16/12', '172.32.0.1'],
    ['just outside carrier-grade NAT', '100.128.0.1'],
    ['a public IPv6 address', '2606:2800:220:1:248:1893:25c8:1946'],
    ['IPv4-mapped public address', '::ffff:93.184.216.34'],
    ['NAT64 of a public address', '64:ff9b::5db8:d822'],
    ['just outside 6to4', '2003::1'],
    ['just outside Teredo', '2001:4860:4860::8888'],
    ['just outside the local-use NAT64 prefix', '64:ff9b:2::1'],
  ])('allows %s (%s)', (_case, address) => {
    expect(isInternalAddress(address)).toBe(false);
  });
});
