// The conformance harness: given an asset, a test trust list, a test TSA list and a validation time,
// the engine answers c2pa-rs's crJSON, the same as c2pa-rs reading the file with those lists
// directly, for every public test file of the corpus; `provenance verify --crjson` prints it.
import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readerSettings } from '../c2pa/reader-settings.ts';
import { withValidationTime } from '../c2pa/validation-clock.ts';
import { loadC2pa } from '../c2pa/wasm.ts';
import { CORPUS_DIR, corpusFile, corpusText, expectedCorpus, hasCorpus } from '../testing/shared-corpus.ts';
import { createTrustStore } from '../trust/trust-store.ts';
import { findFormat } from '../formats.ts';
import { crJsonReport } from './crjson.ts';

const bin = resolve(dirname(fileURLToPath(import.meta.url)), '../../bin/provenance.js');
const AT = new Date('2026-06-01T00:00:00Z');
const TRUST_LIST = 'trust/C2PA-TRUST-LIST.pem';
const TEST_ROOTS = 'trust/c2pa-rs-test-roots.pem';
const TSA_LIST = 'trust/C2PA-TSA-TRUST-LIST.pem';

/** c2pa-rs alone: the file read with the lists given to it directly, as of AT. */
async function c2paRsCrJson(bytes: Uint8Array, mime: string): Promise<string | null> {
  const context = readerSettings({ anchorsPem: `${corpusText(TRUST_LIST)}\n${corpusText(TEST_ROOTS)}`, timestampAnchorsPem: corpusText(TSA_LIST) });
  return withValidationTime(AT, async () => {
    let reader;
    try {
      reader = await loadC2pa().WasmReader.fromBytes(mime, bytes, context);
    } catch {
      return null;
    }
    try {
      return reader.crJson();
    } finally {
      reader.free();
    }
  });
}

/**
 * crJSON with the name c2pa-rs makes up for an unnamed anchor list (a hash of its text, which
 * depends on how the same anchors are laid out) left out: the rest must be the same.
 */
const comparable = (crJson: string): unknown => JSON.parse(crJson.replace(/https:\/\/c2pa-rs\/unknown_trust_list_[0-9a-f]+/g, 'an unnamed trust list'));

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [bin, ...args], { timeout: 60_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => done({ code: error ? 1 : 0, stdout, stderr }));
  });
}

describe.skipIf(!hasCorpus)('crJSON and the conformance harness', () => {
  const trust = () =>
    createTrustStore([
      { name: 'test trust list', tier: 'custom', pems: [corpusText(TRUST_LIST), corpusText(TEST_ROOTS)] },
      { name: 'test TSA list', tier: 'custom', purpose: 'timestamps', pems: [corpusText(TSA_LIST)] },
    ]);

  it('agrees with c2pa-rs on every public test file', { timeout: 240_000 }, async () => {
    const store = trust();
    const files = Object.entries(expectedCorpus().files).filter(([file]) => file.startsWith('public-testfiles/'));
    let agreed = 0;
    let withManifest = 0;
    const unsupported: string[] = [];
    for (const [file, expected] of files) {
      // A format the product does not read (a font) is refused as such, not reported on.
      if (!findFormat(expected.mime)) {
        await expect(crJsonReport(corpusFile(file), expected.mime)).rejects.toThrow(/not supported/);
        unsupported.push(file);
        continue;
      }
      const bytes = corpusFile(file);
      const ours = await crJsonReport(bytes, expected.mime, { trust: store, at: AT });
      const theirs = await c2paRsCrJson(bytes, expected.mime);
      expect(ours === null ? null : comparable(ours), file).toEqual(theirs === null ? null : comparable(theirs));
      agreed += 1;
      if (ours !== null) {
        withManifest += 1;
        const report = JSON.parse(ours) as { '@context'?: unknown; manifests?: unknown };
        expect(report['@context'], file).toBeDefined();
        expect(Array.isArray(report.manifests), file).toBe(true);
      }
    }
    console.log(`crJSON: ${agreed}/${files.length - unsupported.length} public test files of supported formats agree with c2pa-rs (${withManifest} with a manifest store); not supported: ${unsupported.join(', ') || 'none'}`);
    expect(agreed).toBe(files.length - unsupported.length);
    expect(unsupported.length).toBeLessThanOrEqual(1);
    expect(withManifest).toBeGreaterThan(20);
  });

  it('is what provenance verify --crjson prints, given a test trust list, a TSA list and a time', { timeout: 120_000 }, async () => {
    const store = trust();
    for (const file of ['public-testfiles/adobe-20220124-CAI.jpg', 'public-testfiles/truepic-20230212-camera.jpg']) {
      const path = resolve(CORPUS_DIR, file);
      const printed = await run(['verify', path, '--crjson', '--no-bundled-lists', '--no-local-root', '--trust-list', resolve(CORPUS_DIR, TRUST_LIST), '--trust-list', resolve(CORPUS_DIR, TEST_ROOTS), '--tsa-list', resolve(CORPUS_DIR, TSA_LIST), '--at', AT.toISOString()]);
      expect(printed.code, printed.stderr).toBe(0);
      expect(JSON.parse(printed.stdout)).toEqual(JSON.parse((await crJsonReport(corpusFile(file), 'image/jpeg', { trust: store, at: AT }))!));
    }
  });
});
