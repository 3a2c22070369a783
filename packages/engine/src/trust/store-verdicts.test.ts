// Trust verdicts of whole edit histories (multi-manifest stores): the second read of a history
// skips c2pa-rs's trust check of every manifest and still gives exactly the checked read's report,
// under the corpus anchors and under anchors that trust none of its signers; never for a tampered copy.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RawManifestStore } from '../c2pa/manifest-store.ts';
import { createPemSigner, ensureLocalPki, sign, verify } from '../index.ts';
import { corpusFile, corpusText, hasCorpus } from '../testing/shared-corpus.ts';
import { canonicalJson, createStoreVerdicts, storeIdentity } from './store-verdicts.ts';
import { createTrustStore } from './trust-store.ts';

const HISTORY = 'public-testfiles/adobe-20220124-CAIAIIICAICIICAIICICA.jpg';

describe('store verdicts', () => {
  const store = (state: RawManifestStore['validation_state']): RawManifestStore => ({ active_manifest: 'm', manifests: { m: { title: 'a' }, n: { title: 'b' } }, validation_state: state });

  it('answer only an unchecked read whose validation equals the one remembered, and only an intact one', () => {
    let now = 0;
    const verdicts = createStoreVerdicts({ ttlMs: 1000, clock: () => now });
    const bytes = Uint8Array.of(0, 0, 0, 8, 0x6a, 0x75, 0x6d, 0x62);
    const checked = { ...store('Trusted'), validation_state: 'Trusted' as const };
    verdicts.set(bytes, store('Valid'), checked);
    // Keys in another order are the same read (c2pa-rs's manifests map has no fixed order).
    expect(verdicts.get(bytes, { validation_state: 'Valid', manifests: { n: { title: 'b' }, m: { title: 'a' } }, active_manifest: 'm' })).toEqual(checked);
    // Another outcome of the asset's own checks (here an extra informational code) is another read.
    expect(verdicts.get(bytes, { ...store('Valid'), validation_results: { activeManifest: { informational: [{ code: 'timeStamp.untrusted' }] } } })).toBeUndefined();
    expect(verdicts.get(bytes, store('Invalid'))).toBeUndefined();
    now = 1000;
    expect(verdicts.get(bytes, store('Valid'))).toBeUndefined();
  });

  it('never remember an invalid read', () => {
    const verdicts = createStoreVerdicts();
    const bytes = new Uint8Array(8);
    verdicts.set(bytes, store('Invalid'), store('Invalid'));
    expect(verdicts.get(bytes, store('Invalid'))).toBeUndefined();
  });

  it('sort object keys in the canonical JSON', () => {
    expect(canonicalJson({ b: [1, { d: 1, c: 2 }], a: null, e: undefined })).toBe('{"a":null,"b":[1,{"c":2,"d":1}]}');
  });
});

describe.skipIf(!hasCorpus)('a 7-manifest edit history read again', () => {
  it('gives exactly the report of c2pa-rs’s trust-checked read, trusted or not, and for tampered copies (data, an older manifest’s assertion)', { timeout: 120_000 }, async () => {
    const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-store-verdicts-')), 'pki'));
    const signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
    const history = (await sign(corpusFile(HISTORY), 'image/jpeg', { creator: 'Ada Reporter' }, { signer })).signedBytes;
    const tampered = history.slice();
    tampered[tampered.byteLength - 200] = tampered[tampered.byteLength - 200]! ^ 0xff;
    // An older manifest's assertion changed (its claim no longer matches): never given the remembered verdict.
    const alteredIngredient = history.slice();
    alteredIngredient[Buffer.from(history).indexOf('c2pa.drawing') + 5] = 0x58;
    for (const anchors of [[pki.rootCertificatePem, corpusText('trust/c2pa-rs-test-roots.pem')], [pki.rootCertificatePem], [corpusText('trust/C2PA-TRUST-LIST.pem')]]) {
      const trust = createTrustStore(anchors);
      const oracle = createTrustStore(anchors);
      for (const bytes of [history, history, tampered, alteredIngredient, history]) {
        const full = await verify(bytes, 'image/jpeg', { trust: oracle, reuseTrustVerdicts: false, nativeHardBinding: false });
        expect(await verify(bytes, 'image/jpeg', { trust })).toEqual(full);
      }
    }
  });

});

describe('store identity', () => {
  const box = (type: string, ...payloads: Buffer[]) => {
    const payload = Buffer.concat(payloads);
    const header = Buffer.alloc(8);
    header.writeUInt32BE(8 + payload.byteLength);
    header.write(type, 4, 'latin1');
    return Buffer.concat([header, payload]);
  };
  // A JUMBF superbox: a description box with its label, then its content.
  const superboxOf = (label: string, ...content: Buffer[]) => box('jumb', box('jumd', Buffer.alloc(16), Buffer.from([0x03]), Buffer.from(`${label}\0`)), ...content);
  const a = superboxOf('a', box('json', Buffer.from('{"x":1}')));
  const b = superboxOf('b', box('json', Buffer.from('{"y":2}')));

  it('knows a store by its manifests, in whatever order they are written', () => {
    expect(storeIdentity(superboxOf('c2pa', a, b))).toBe(storeIdentity(superboxOf('c2pa', b, a)));
    expect(storeIdentity(superboxOf('c2pa', a, b))).not.toBe(storeIdentity(superboxOf('c2pa', a, superboxOf('b', box('json', Buffer.from('{"y":3}'))))));
    expect(storeIdentity(superboxOf('c2pa', a, b))).not.toBe(storeIdentity(superboxOf('c2pa', a)));
  });
});
