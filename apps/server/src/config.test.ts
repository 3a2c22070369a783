import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has safe defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR).toBe(path.resolve('./data'));
    expect(loadConfig({ INIT_CWD: '/srv/provenance' }).DATA_DIR).toBe('/srv/provenance/data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.MAX_ASSET_BYTES).toBe(100 * 1024 * 1024);
    expect(config.FETCH_ALLOW_HOSTS).toEqual([]);
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.WEB_DIST_DIR.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('reads variables, treating empty ones as unset', () => {
    const config = loadConfig({ PORT: '9090', DATABASE_URL: '', FETCH_ALLOW_HOSTS: '127.0.0.1, localhost', TRUST_PROXY: 'true' });
    expect(config.PORT).toBe(9090);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.FETCH_ALLOW_HOSTS).toEqual(['127.0.0.1', 'localhost']);
    expect(config.TRUST_PROXY).toBe(true);
  });

  it('without PUBLIC_URL, follows PORT for emails and certificates and lets the links in answers follow each request', () => {
    expect(loadConfig({ PORT: '3000' })).toMatchObject({ PUBLIC_URL: 'http://localhost:3000', LINKS_FOLLOW_REQUEST: true });
    expect(loadConfig({ PORT: '3000', PUBLIC_URL: 'https://gateway.example.org' })).toMatchObject({ PUBLIC_URL: 'https://gateway.example.org', LINKS_FOLLOW_REQUEST: false });
  });

  it('timestamps by default with a public authority on the bundled C2PA TSA trust list; TSA_URL=off turns it off', () => {
    expect(loadConfig({}).TSA_URL).toBe('http://ts-c2pa.ssl.com/ecc');
    expect(loadConfig({ TSA_URL: 'off' }).TSA_URL).toBeNull();
    expect(loadConfig({ TSA_URL: 'OFF' }).TSA_URL).toBeNull();
    expect(loadConfig({ TSA_URL: 'http://127.0.0.1:3180/tsa' }).TSA_URL).toBe('http://127.0.0.1:3180/tsa');
    expect(() => loadConfig({ TSA_URL: 'ftp://tsa.example/' })).toThrow(/TSA_URL: .*http\(s\) URL .* or off/);
  });

  it('keeps 5000 verifications by default; 0 turns the cache off, and a negative count stops the start', () => {
    expect(loadConfig({}).VERIFY_CACHE_ENTRIES).toBe(5_000);
    expect(loadConfig({ VERIFY_CACHE_ENTRIES: '0' }).VERIFY_CACHE_ENTRIES).toBe(0);
    expect(() => loadConfig({ VERIFY_CACHE_ENTRIES: '-1' })).toThrow(/VERIFY_CACHE_ENTRIES: /);
  });

  it('stops the server at start naming a FETCH_ALLOW_HOSTS entry that is not a host, address or host:port', () => {
    expect(() => loadConfig({ FETCH_ALLOW_HOSTS: '127.0.0.1, http://127.0.0.1:3000' })).toThrow(/FETCH_ALLOW_HOSTS: .*"http:\/\/127\.0\.0\.1:3000" is a URL/);
    expect(loadConfig({ FETCH_ALLOW_HOSTS: '127.0.0.1:3000, [::1]:4000' }).FETCH_ALLOW_HOSTS).toEqual(['127.0.0.1:3000', '[::1]:4000']);
  });

  it('stops the server at start when a TRUST_LISTS URL is plain http, whose answer anyone on the path could alter', () => {
    expect(() => loadConfig({ TRUST_LISTS: 'partners=http://lists.example.org/partners.pem' })).toThrow(/TRUST_LISTS: .*'partners'.*plain http:\/\/.*https:\/\//);
    expect(() => loadConfig({ TRUST_LISTS: 'interim:legacy=HTTP://lists.example.org/interim.pem' })).toThrow(/TRUST_LISTS: /);
    expect(loadConfig({ TRUST_LISTS: 'partners=https://lists.example.org/partners.pem,local=/etc/anchors.pem' }).TRUST_LISTS.map((list) => list.location)).toEqual([
      'https://lists.example.org/partners.pem',
      '/etc/anchors.pem',
    ]);
  });

  it('limits a whole asset URL download to ASSET_FETCH_TIMEOUT_SECONDS (600 by default), refusing 0', () => {
    expect(loadConfig({}).ASSET_FETCH_TIMEOUT_SECONDS).toBe(600);
    expect(loadConfig({ ASSET_FETCH_TIMEOUT_SECONDS: '45' }).ASSET_FETCH_TIMEOUT_SECONDS).toBe(45);
    expect(() => loadConfig({ ASSET_FETCH_TIMEOUT_SECONDS: '0' })).toThrow(/ASSET_FETCH_TIMEOUT_SECONDS: /);
  });

  it('reads the email settings and refuses ones that cannot work', () => {
    const config = loadConfig({ SMTP_URL: 'smtps://mailer:secret@smtp.example.org:465', EMAIL_FROM: 'Gateway <alerts@example.org>', SUPPORT_EMAIL: 'help@example.org' });
    expect(config).toMatchObject({ SMTP_URL: 'smtps://mailer:secret@smtp.example.org:465', EMAIL_FROM: 'Gateway <alerts@example.org>', SUPPORT_EMAIL: 'help@example.org' });
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    expect(() => loadConfig({ SMTP_URL: 'https://smtp.example.org' })).toThrow(/SMTP_URL: SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
    expect(() => loadConfig({ EMAIL_FROM: 'Gateway <not an address>' })).toThrow(/EMAIL_FROM: /);
    expect(() => loadConfig({ SUPPORT_EMAIL: 'help' })).toThrow(/SUPPORT_EMAIL: /);
    expect(loadConfig({}).WEEKLY_REPORT_CRON).toBe('0 8 * * 1');
    expect(loadConfig({ WEEKLY_REPORT_CRON: '30 6 * * 5' }).WEEKLY_REPORT_CRON).toBe('30 6 * * 5');
    expect(() => loadConfig({ WEEKLY_REPORT_CRON: 'every monday' })).toThrow(/WEEKLY_REPORT_CRON: /);
  });

  it('reads who signs the claims, and refuses a CLAIM_SIGNER or product setting that cannot work with a sentence naming it', () => {
    expect(loadConfig({}).CLAIM_SIGNER).toEqual({ kind: 'development' });
    expect(loadConfig({ CLAIM_SIGNER: 'file:/etc/gateway/key.pem, /etc/gateway/chain.pem' }).CLAIM_SIGNER).toEqual({ kind: 'file', keyPath: '/etc/gateway/key.pem', chainPath: '/etc/gateway/chain.pem' });
    expect(loadConfig({ CLAIM_SIGNER: 'remote:https://signer.example/sign,/etc/gateway/chain.pem', CLAIM_SIGNER_SECRET: 'sixteen-chars-or-more' }).CLAIM_SIGNER).toEqual({ kind: 'remote', url: 'https://signer.example/sign', chainPath: '/etc/gateway/chain.pem' });
    expect(() => loadConfig({ CLAIM_SIGNER: '/etc/gateway/key.pem' })).toThrow(/CLAIM_SIGNER: CLAIM_SIGNER must start with file: or remote:; expected file:\/path\/key\.pem,\/path\/chain\.pem/);
    expect(() => loadConfig({ CLAIM_SIGNER: 'file:/etc/gateway/key.pem' })).toThrow(/CLAIM_SIGNER: CLAIM_SIGNER must name the private key file and the certificate chain file/);
    expect(() => loadConfig({ CLAIM_SIGNER: 'remote:ftp://signer.example/,/chain.pem', CLAIM_SIGNER_SECRET: 'sixteen-chars-or-more' })).toThrow(/CLAIM_SIGNER: .*must be an http\(s\) URL/);
    expect(() => loadConfig({ CLAIM_SIGNER: 'remote:https://signer.example/sign,/chain.pem' })).toThrow(/CLAIM_SIGNER_SECRET: a remote CLAIM_SIGNER needs the shared secret/);
    expect(() => loadConfig({ CLAIM_SIGNER_SECRET: 'short' })).toThrow(/CLAIM_SIGNER_SECRET: CLAIM_SIGNER_SECRET must be at least 16 characters/);
    expect(loadConfig({ OPERATOR_NAME: 'Example News Ltd', OPERATOR_COUNTRY: 'GB', C2PA_CPL_RECORD: '0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6', C2PA_ASSURANCE_LEVEL: '2' })).toMatchObject({ OPERATOR_NAME: 'Example News Ltd', OPERATOR_COUNTRY: 'GB', C2PA_ASSURANCE_LEVEL: '2' });
    expect(() => loadConfig({ OPERATOR_COUNTRY: 'Britain' })).toThrow(/OPERATOR_COUNTRY: OPERATOR_COUNTRY must be two capital letters/);
    expect(() => loadConfig({ C2PA_CPL_RECORD: 'record-7' })).toThrow(/C2PA_CPL_RECORD: C2PA_CPL_RECORD must be the record's UUID/);
    expect(() => loadConfig({ C2PA_ASSURANCE_LEVEL: '3', C2PA_CPL_RECORD: '0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6' })).toThrow(/C2PA_ASSURANCE_LEVEL: C2PA_ASSURANCE_LEVEL must be 1 or 2/);
    expect(() => loadConfig({ C2PA_ASSURANCE_LEVEL: '1' })).toThrow(/C2PA_ASSURANCE_LEVEL: it is the level of a CPL record; set C2PA_CPL_RECORD too/);
    // A CPL record means the product certificate's C and O must match it: no ZZ or unnamed stand-in.
    expect(() => loadConfig({ OPERATOR_NAME: 'Example News Ltd', C2PA_CPL_RECORD: '0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6' })).toThrow(/OPERATOR_COUNTRY: the product certificate's C must match your CPL record's country/);
    expect(() => loadConfig({ OPERATOR_COUNTRY: 'GB', C2PA_CPL_RECORD: '0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6' })).toThrow(/OPERATOR_NAME: the product certificate's O must match your CPL record's organisation/);
  });

  it('names each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url' })).toThrow(/PORT: .*DATABASE_URL: /);
  });
});
