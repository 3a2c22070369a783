// Checks a webhook URL when it is registered, with the safe fetcher's own rules, so a URL that could
// never be delivered to is refused at once with the rule it breaks (a loopback or private address,
// credentials in the URL, another scheme). A host name is only resolved when a delivery is made,
// where the safe fetcher checks every address it resolves to: a name's answer can change.
import { allowedForPort, checkAddress, parseAllowedHost, type AllowedHost } from '@provenance/safe-fetch';
import ipaddr from 'ipaddr.js';
import { DomainError } from '../domain-error.ts';

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

function refused(rule: string): DomainError {
  return new DomainError('invalid', 'webhook_url_refused', `The webhook URL is refused: ${rule}`);
}

/** A checker over FETCH_ALLOW_HOSTS (entries as written); throws DomainError (invalid) naming the rule. */
export function createWebhookUrlPolicy(allowHosts: readonly string[]): (raw: string) => URL {
  const allowList: AllowedHost[] = allowHosts.map(parseAllowedHost);
  return (raw) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw refused('it is not a valid URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused('only http and https URLs are delivered to');
    if (url.username || url.password) throw refused('URLs with credentials are not delivered to; put a token in the path or query instead');
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const allowed = allowedForPort(allowList, url.port === '' ? DEFAULT_PORTS[url.protocol]! : Number(url.port));
    if (allowed.has(host)) return url;
    if (ipaddr.isValid(host)) {
      const verdict = checkAddress(host, allowed);
      if (!verdict.allowed) throw refused(verdict.rule);
    } else if (host === 'localhost' || host.endsWith('.localhost')) {
      // RFC 6761: these names always resolve to loopback.
      throw refused('loopback addresses are never fetched');
    }
    return url;
  };
}
