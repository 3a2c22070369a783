// Which network addresses the safe fetcher may fetch from. Only public unicast addresses, unless the
// operator allow-lists a host or address explicitly (FETCH_ALLOW_HOSTS; tests list 127.0.0.1).
import ipaddr from 'ipaddr.js';

export type AddressVerdict = { allowed: true } | { allowed: false; rule: string };

const RANGE_RULES: Record<string, string> = {
  unspecified: 'unspecified addresses are never fetched',
  broadcast: 'broadcast addresses are never fetched',
  multicast: 'multicast addresses are never fetched',
  linkLocal: 'link-local addresses (including cloud metadata services) are never fetched',
  loopback: 'loopback addresses are never fetched',
  carrierGradeNat: 'carrier-grade NAT (100.64.0.0/10) addresses are never fetched',
  private: 'private network addresses are never fetched',
  uniqueLocal: 'unique-local IPv6 addresses are never fetched',
  reserved: 'reserved addresses are never fetched',
  benchmarking: 'benchmarking addresses are never fetched',
  amt: 'AMT addresses are never fetched',
  as112: 'AS112 addresses are never fetched',
  deprecated: 'deprecated addresses are never fetched',
  orchid2: 'ORCHIDv2 addresses are never fetched',
  droneRemoteIdProtocolEntityTags: 'reserved addresses are never fetched',
  rfc6145: 'IPv4-translated addresses are never fetched',
  rfc6052: 'NAT64 addresses are never fetched',
  '6to4': '6to4 addresses are never fetched',
  teredo: 'Teredo addresses are never fetched',
  discard: 'discard-only addresses are never fetched',
};

function isIPv4Compatible(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0);
}

export function checkAddress(address: string, allowHosts: ReadonlySet<string>): AddressVerdict {
  if (!ipaddr.isValid(address)) return { allowed: false, rule: `${address} is not an IP address` };
  let parsed = ipaddr.parse(address);
  // An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it carries.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (allowHosts.has(parsed.toString())) return { allowed: true };
  const range = parsed.range();
  // ::a.b.c.d (IPv4-compatible, deprecated by RFC 4291) is not in ipaddr.js's special ranges, so
  // it would pass as unicast, yet some stacks route it to the IPv4 it carries (::7f00:1 is
  // 127.0.0.1). Nothing legitimate uses it: refused, whatever it carries.
  if (range === 'unicast' && isIPv4Compatible(parsed)) return { allowed: false, rule: 'IPv4-compatible IPv6 addresses are never fetched' };
  if (range === 'unicast') return { allowed: true };
  return { allowed: false, rule: RANGE_RULES[range] ?? `${range} addresses are never fetched` };
}
