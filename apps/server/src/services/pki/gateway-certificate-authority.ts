// The gateway's certificate authority as seen from outside: its intermediate answers OCSP for the
// certificates it issued and publishes a CRL, both from the gateway_certificates records. The CRL is
// signed with the intermediate's own key (read when first needed from this copy's PKI folder, which
// main.ts writes from the database at start: every copy answers with the one shared intermediate);
// OCSP answers by a delegated responder certificate the intermediate issues to each copy for 30 days
// (renewed a week before it ends), carried in every answer, as validators of answers stapled into
// signatures (c2pa-rs) require. The intermediate's own certificate is served as DER at
// CA_ISSUERS_PATH, the address the development product certificate's AIA names (caIssuers), so a
// validator given the leaf alone can find its issuer.
// Answers to requests without a nonce are kept (ocsp-answers.ts) until a revocation forgets them.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { localPki, type OcspResponder } from '@provenance/engine';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { gatewayCertificates } from '../../db/schema/index.ts';
import type { GatewayCertificateStatus } from '../revocation/gateway-certificate-status.ts';
import { createOcspAnswers } from './ocsp-answers.ts';

/** How long an OCSP answer or the CRL may be relied on: a revocation reaches caches within this. */
export const REVOCATION_ANSWER_VALIDITY_MS = 60 * 60_000;
/** Where the intermediate's certificate is served (DER, application/pkix-cert): named in certificates' AIA caIssuers. */
export const CA_ISSUERS_PATH = '/api/v1/pki/intermediate.cer';
const RESPONDER_CERTIFICATE_DAYS = 30;
const RESPONDER_RENEWAL_MS = 7 * 86_400_000;

export interface GatewayCertificateAuthority {
  /** The DER OCSPResponse to a DER OCSPRequest (malformedRequest for bytes that are not one). */
  answerOcsp(requestDer: Uint8Array): Promise<Uint8Array>;
  /** The current CRL (DER), every revoked certificate of the intermediate listed. */
  crl(): Promise<Uint8Array>;
  /** The intermediate's certificate (DER): the issuer of every certificate the gateway issues. */
  issuerCertificate(): Promise<Uint8Array>;
  /** Forgets the kept OCSP answers: a certificate was revoked (here or on another copy). */
  forgetAnswers(): void;
}

export interface GatewayCertificateAuthorityDeps {
  db: Db;
  /** The local PKI folder (the intermediate's certificate and key). */
  pkiDir: string;
  certificates: GatewayCertificateStatus;
  clock?: () => Date;
}

interface Intermediate {
  certificate: Uint8Array;
  keyPem: string;
}

async function readIntermediate(pkiDir: string): Promise<Intermediate> {
  const [certificatePem, keyPem] = await Promise.all([
    readFile(path.join(pkiDir, localPki.files.intermediateCertificate), 'utf8'),
    readFile(path.join(pkiDir, localPki.files.intermediateKey), 'utf8'),
  ]);
  const base64 = certificatePem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');
  return { certificate: new Uint8Array(Buffer.from(base64, 'base64')), keyPem };
}

export function createGatewayCertificateAuthority(deps: GatewayCertificateAuthorityDeps): GatewayCertificateAuthority {
  const now = deps.clock ?? (() => new Date());
  let intermediate: Promise<Intermediate> | undefined;
  let responder: Promise<{ answer: OcspResponder; renewAt: number }> | undefined;
  const answers = createOcspAnswers({ maxEntries: 1_000, clock: () => now().getTime() });
  const loadIntermediate = (): Promise<Intermediate> => (intermediate ??= readIntermediate(deps.pkiDir));
  const makeResponder = async (): Promise<{ answer: OcspResponder; renewAt: number }> => {
    const { certificate, keyPem } = await loadIntermediate();
    const delegate = await localPki.issueOcspResponderCertificate({ issuerCertificate: certificate, issuerKeyPem: keyPem, days: RESPONDER_CERTIFICATE_DAYS, now: now() });
    // Answers kept were signed by the previous delegate; they stay true until their nextUpdate.
    const answer = localPki.createOcspResponder({
      issuerCertificate: certificate,
      issuerKeyPem: keyPem,
      delegate,
      validityMs: REVOCATION_ANSWER_VALIDITY_MS,
      now,
      answers,
      // The gateway revokes a certificate only when its account says the key is compromised.
      statusesOf: async (serialNumbers) =>
        (await deps.certificates.statusesOf(serialNumbers)).map((record) =>
          record.status === 'revoked' ? { status: 'revoked', revokedAt: record.revokedAt ?? now(), reason: 'keyCompromise' } : { status: 'good' },
        ),
    });
    return { answer, renewAt: delegate.notAfter.getTime() - RESPONDER_RENEWAL_MS };
  };
  /** A responder being made; forgotten if making it fails, so the next request tries again. */
  const startResponder = (): Promise<{ answer: OcspResponder; renewAt: number }> => {
    const made = makeResponder();
    made.catch(() => {
      if (responder === made) responder = undefined;
    });
    return made;
  };
  const loadResponder = async (): Promise<OcspResponder> => {
    const current = (responder ??= startResponder());
    const { answer, renewAt } = await current;
    if (now().getTime() < renewAt) return answer;
    if (responder === current) responder = startResponder();
    return (await responder).answer;
  };
  return {
    answerOcsp: async (requestDer) => (await loadResponder())(requestDer),
    forgetAnswers: () => answers.clear(),
    async crl() {
      const { certificate, keyPem } = await loadIntermediate();
      const table = gatewayCertificates;
      const rows = await deps.db.select({ serialNumber: table.serialNumber, revokedAt: table.revokedAt, updatedAt: table.updatedAt }).from(table).where(eq(table.status, 'revoked'));
      const thisUpdate = now();
      return localPki.createRevocationList({
        issuerCertificate: certificate,
        issuerKeyPem: keyPem,
        revoked: rows.map((row) => ({ serialNumber: row.serialNumber, revokedAt: row.revokedAt ?? row.updatedAt, reason: 'keyCompromise' as const })),
        thisUpdate,
        nextUpdate: new Date(thisUpdate.getTime() + REVOCATION_ANSWER_VALIDITY_MS),
      });
    },
    issuerCertificate: async () => (await loadIntermediate()).certificate,
  };
}
