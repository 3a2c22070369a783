/**
 * The cost of revocation (OCSP) in a verification: a 100 kB JPEG signed by a test CA whose signing
 * certificate names a local `openssl ocsp` responder on loopback, verified without revocation,
 * with the responder asked every time (uncached), and with the answer cached until its nextUpdate.
 */
import { get } from 'node:http';
import { createPemSigner, createTrustStore, sign, verify } from '../src/index.ts';
import { applyRevocation } from '../src/revocation/apply-revocation.ts';
import { checkRevocation, type OcspAnswerCache } from '../src/revocation/revocation-step.ts';
import { startOcspTestAuthority } from '../src/testing/ocsp-responder.ts';
import { makeSizedImage } from './engine-bench.ts';
import { ms, table, time } from './measure.ts';

/** A plain loopback GET (the server and CLI use their safe fetcher; the engine package cannot). */
export const httpGet = (url: string): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    get(url, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    }).on('error', reject);
  });

export async function runOcspBench(log: (text: string) => void, runs = 30): Promise<void> {
  log('\n### Revocation (OCSP, local `openssl ocsp` responder on loopback, 100 kB JPEG, in process)\n');
  const authority = await startOcspTestAuthority();
  try {
    const trust = createTrustStore([authority.rootPem]);
    const signer = createPemSigner({ privateKeyPem: authority.signerKeyPem, certificateChainPem: authority.signerChainPem });
    const signed = (await sign(await makeSizedImage('jpeg', 100_000), 'image/jpeg', { creator: 'Bench' }, { signer })).signedBytes;
    const entries = new Map<string, Parameters<OcspAnswerCache['set']>[1]>();
    const cache: OcspAnswerCache = { get: (key) => entries.get(key), set: (key, answer) => void entries.set(key, answer) };
    const verifyWith = async (sources: 'none' | 'uncached' | 'cached') => {
      const verified = await verify(signed, 'image/jpeg', { trust, answer: 'credentialed' });
      if (sources === 'none' || !verified.signingCredential) return;
      const outcome = await checkRevocation(verified.signingCredential, { fetchOcsp: httpGet, ...(sources === 'cached' && { cache }) });
      if (outcome?.check.status !== 'good') throw new Error(`OCSP bench: expected good, got ${outcome?.check.status}`);
      applyRevocation(verified.response, outcome.check, verified.signingCredential.signedAt);
    };
    const none = await time(runs, () => verifyWith('none'));
    const uncached = await time(runs, () => verifyWith('uncached'));
    const cached = await time(runs, () => verifyWith('cached'));
    log(
      table(
        ['verification', 'p50', 'p99', 'OCSP cost (p50)'],
        [
          ['no revocation check (OCSP off)', ms(none.p50), ms(none.p99), '—'],
          ['OCSP uncached (request, responder, signature check)', ms(uncached.p50), ms(uncached.p99), ms(uncached.p50 - none.p50)],
          ['OCSP cached (answer reused until nextUpdate)', ms(cached.p50), ms(cached.p99), ms(cached.p50 - none.p50)],
        ],
      ),
    );
  } finally {
    await authority.close();
  }
}
