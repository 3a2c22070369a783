import { describe, expect, it } from 'vitest';
import type { TTrustResponse } from '@provenance/contracts';
import { findVouchingList, readerAnchors } from './trust-anchors';

const anchor = (name: string) => ({ subject: `CN=${name}`, sha256: name.padEnd(64, '0'), pem: `-----BEGIN CERTIFICATE-----\n${name}\n-----END CERTIFICATE-----` });
const trust: TTrustResponse = {
  lists: [
    { name: 'Interim list', tier: 'legacy', source: 'https://example.org/interim.pem', retrievedAt: null, anchors: [anchor('a'), anchor('b')] },
    { name: 'C2PA trust list', tier: 'conformant', source: 'https://example.org/c2pa.pem', retrievedAt: null, anchors: [anchor('c'), anchor('d'), anchor('e')] },
    { name: 'Provenance Gateway root', tier: 'gateway', source: null, retrievedAt: null, anchors: [anchor('g')] },
  ],
  tsaLists: [{ name: 'TSA list', tier: 'conformant', source: null, retrievedAt: null, anchors: [anchor('t'), anchor('c')] }],
};

/** c2pa-rs stand-in: trusts the signer when the given PEM holds its anchor. */
const signedUnder = (name: string) => {
  const asked: string[] = [];
  const trustedUnder = async (pem: string) => {
    asked.push(pem);
    return pem.includes(`\n${name}\n`);
  };
  return { asked, trustedUnder };
};

describe('trust anchors in the browser', () => {
  it('gives c2pa-rs every anchor once, by purpose: signers, time-stamping authorities, named actors (not the C2PA list)', () => {
    const count = (pem: string) => pem.match(/BEGIN CERTIFICATE/g)?.length ?? 0;
    const anchors = readerAnchors(trust);
    expect(count(anchors.anchorsPem)).toBe(6);
    expect(count(anchors.timestampAnchorsPem)).toBe(2);
    expect(count(anchors.identityAnchorsPem)).toBe(3);
    expect(anchors.identityAnchorsPem).not.toContain('\nc\n');
  });

  it('names the strongest list that vouches and narrows to its anchor', async () => {
    const { trustedUnder } = signedUnder('e');
    expect(await findVouchingList(trust, trustedUnder)).toEqual({ tier: 'conformant', list: 'C2PA trust list', anchor: { subject: 'CN=e', sha256: anchor('e').sha256 } });
    expect(await findVouchingList(trust, signedUnder('g').trustedUnder)).toEqual({ tier: 'gateway', list: 'Provenance Gateway root', anchor: { subject: 'CN=g', sha256: anchor('g').sha256 } });
    expect((await findVouchingList(trust, signedUnder('b').trustedUnder)).tier).toBe('legacy');
  });

  it('says untrusted when only a time-stamping anchor would vouch', async () => {
    expect(await findVouchingList(trust, signedUnder('t').trustedUnder)).toEqual({ tier: 'untrusted', list: null, anchor: null });
  });
});
