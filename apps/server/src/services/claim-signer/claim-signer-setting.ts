// The CLAIM_SIGNER setting read once at start: who signs the claims of this installation.
//
//   unset                                      the local PKI issues a development product certificate
//   file:/path/key.pem,/path/chain.pem         a PKCS#8 key and its chain (signing certificate first)
//   remote:https://signer.example/sign,/path/chain.pem
//                                              a signing service speaking the remote signing protocol
//                                              (the engine's remote-signing-protocol.ts) for the key of
//                                              that chain; CLAIM_SIGNER_SECRET is the shared secret
//
// Paths are absolute or relative to where the server starts; a comma separates the two parts, so a
// path holding a comma cannot be given. Anything else is refused with a sentence saying what is
// expected. The files are read, and the key or service proven, when the server starts
// (installation-claim-signer.ts).

export type ClaimSignerSetting =
  | { kind: 'development' }
  | { kind: 'file'; keyPath: string; chainPath: string }
  | { kind: 'remote'; url: string; chainPath: string };

export class ClaimSignerSettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClaimSignerSettingError';
  }
}

const EXPECTED = 'expected file:/path/key.pem,/path/chain.pem or remote:https://signer.example/sign,/path/chain.pem (with CLAIM_SIGNER_SECRET), or leave it unset for a development product certificate from the local PKI';

function twoParts(rest: string, first: string): [string, string] {
  const parts = rest.split(',').map((part) => part.trim());
  if (parts.length !== 2 || !parts[0] || !parts[1]) throw new ClaimSignerSettingError(`CLAIM_SIGNER must name ${first} and the certificate chain file, separated by one comma; ${EXPECTED}`);
  return [parts[0], parts[1]];
}

export function parseClaimSignerSetting(value: string | undefined): ClaimSignerSetting {
  if (value === undefined || value.trim() === '') return { kind: 'development' };
  const trimmed = value.trim();
  if (trimmed.startsWith('file:')) {
    const [keyPath, chainPath] = twoParts(trimmed.slice('file:'.length), 'the private key file');
    return { kind: 'file', keyPath, chainPath };
  }
  if (trimmed.startsWith('remote:')) {
    const [url, chainPath] = twoParts(trimmed.slice('remote:'.length), "the signing service's URL");
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ClaimSignerSettingError(`CLAIM_SIGNER's signing service "${url}" is not a URL; ${EXPECTED}`);
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new ClaimSignerSettingError(`CLAIM_SIGNER's signing service must be an http(s) URL, not ${parsed.protocol}`);
    // Credentials in a URL end up in logs; the shared secret authenticates the gateway.
    if (parsed.username || parsed.password) throw new ClaimSignerSettingError('CLAIM_SIGNER\'s signing service URL must not carry credentials (user:password@): the shared secret is CLAIM_SIGNER_SECRET');
    return { kind: 'remote', url: parsed.href, chainPath };
  }
  throw new ClaimSignerSettingError(`CLAIM_SIGNER must start with file: or remote:; ${EXPECTED}`);
}
