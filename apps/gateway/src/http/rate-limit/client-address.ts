import ipaddr from 'ipaddr.js';

/**
 * The client an address stands for in the limit on requests without a valid key: an IPv4 address
 * (also written IPv4-mapped), or an IPv6 /64, the smallest block a network is given, whose
 * addresses a single client can take one after the other.
 */
export function clientOfAddress(address: string | undefined): string {
  if (address === undefined || !ipaddr.isValid(address)) return address ?? 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(':')}::/64`;
}
