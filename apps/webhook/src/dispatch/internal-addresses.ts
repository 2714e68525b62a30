import ipaddr from 'ipaddr.js';

/** The well-known NAT64 prefix (RFC 6052): the IPv4 address in its last 32 bits is what it reaches. */
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');
/** IPv4-compatible addresses (deprecated), which ipaddr.js files as unicast. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * True for every address a webhook must not reach: anything ipaddr.js does not classify as
 * global unicast in IANA's special-purpose registries (loopback, private, link-local, unique-local,
 * carrier-grade NAT, multicast, reserved and documentation ranges, 6to4, Teredo, the local-use NAT64
 * prefix 64:ff9b:1::/48...). IPv4-mapped and well-known NAT64 addresses are judged by the IPv4
 * address inside them.
 */
export function isInternalAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return true;
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === 'ipv4') return parsed.range() !== 'unicast';
  const ipv6 = parsed as ipaddr.IPv6;
  if (ipv6.match(NAT64_WELL_KNOWN)) {
    const bytes = ipv6.toByteArray().slice(12);
    return new ipaddr.IPv4(bytes).range() !== 'unicast';
  }
  return ipv6.match(IPV4_COMPATIBLE) || ipv6.range() !== 'unicast';
}
