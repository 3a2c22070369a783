// Who a public request counts against: the account when the caller is signed in or sent an API
// key, else its address. IPv6 addresses count per /64, the block one subscriber usually gets, so a
// client cannot take a fresh share from every address of its own network.
import ipaddr from 'ipaddr.js';

export function clientIdentity(caller: { userId?: string | undefined; ip: string }): string {
  if (caller.userId) return `account:${caller.userId}`;
  if (!ipaddr.isValid(caller.ip)) return `ip:${caller.ip}`;
  const address = ipaddr.process(caller.ip); // IPv4-mapped IPv6 becomes plain IPv4
  if (address.kind() === 'ipv4') return `ip:${address.toString()}`;
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `ip6:${parts.join(':')}::/64`;
}
