// The development product certificate, kept as the gateway PKI's signer (the gateway_pki row's
// signer columns, its key sealed by the key vault), so every server copy signs claims with one
// certificate. It is issued by the shared intermediate (the engine's pki/product-certificate.ts) when
// the stored signer does not fit the configured profile (product, operator, country, CPL record,
// OCSP address: an installation's first product certificate replaces its earlier gateway signer) or
// nears its end: renewed in its last 30 days (its last third, for 90-day level-2 certificates). One
// copy renews at a time (an advisory lock; the row is read again under it) and records the serial in
// gateway_certificates, so the gateway's OCSP responder answers for it. The copy that renews writes
// the signer files of its DATA_DIR/pki too; the others take the row's at their next start. Services
// made without the shared PKI in the database (tests that build them directly) keep the certificate
// they issue from the folder's intermediate in memory.
import { randomBytes, X509Certificate } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { localPki, productCertificate, type ProductCertificateProfile } from '@provenance/engine';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { gatewayCertificates, gatewayPki } from '../../db/schema/index.ts';
import type { KeyVault } from '../signing-identities/key-vault.ts';

const PKI_ID = 'gateway';
const RENEW_BEFORE_MS = 30 * 86_400_000;

/** What the product certificate must say (from the operator's configuration), and where the CRL is. */
export interface ProductProfile extends ProductCertificateProfile {
  crlUrl: string;
}

/** The product certificate in force: its chain (leaf then intermediate) and key, PEM. */
export interface ProductSigner {
  certificateChainPem: string;
  privateKeyPem: string;
  notAfter: Date;
  /** From when it is renewed (its last 30 days, or last third). */
  renewAt: Date;
}

export interface ProductSignerStoreDeps {
  db: Db;
  vault: KeyVault;
  /** This copy's PKI folder, whose signer files are rewritten when this copy renews. */
  pkiDir: string;
  profile: ProductProfile;
  clock?: () => Date;
}

export interface ProductSignerStore {
  /** The product certificate in force, issued (or renewed) first when the stored one does not fit or is due. */
  current(): Promise<ProductSigner>;
}

function renewAtOf(certificate: X509Certificate): Date {
  const notBefore = Date.parse(certificate.validFrom);
  const notAfter = Date.parse(certificate.validTo);
  return new Date(notAfter - Math.min(RENEW_BEFORE_MS, (notAfter - notBefore) / 3));
}

function signerOf(chainPem: string, keyPem: string): ProductSigner {
  const leaf = new X509Certificate(chainPem);
  return { certificateChainPem: chainPem, privateKeyPem: keyPem, notAfter: new Date(leaf.validTo), renewAt: renewAtOf(leaf) };
}

/** Writes a file beside itself and moves it into place, so a reader never sees half of it. */
async function replaceFile(file: string, content: string, mode: number): Promise<void> {
  const staged = `${file}.${randomBytes(6).toString('hex')}`;
  await writeFile(staged, content, { mode, flag: 'wx' });
  await rename(staged, file);
}

export function createProductSignerStore(deps: ProductSignerStoreDeps): ProductSignerStore {
  const { db, vault, profile } = deps;
  const now = () => deps.clock?.() ?? new Date();
  let inForce: ProductSigner | null = null;
  let renewing: Promise<ProductSigner> | null = null;

  const fits = (chainPem: string, at: Date): boolean => productCertificate.fits(chainPem, profile) && at.getTime() < renewAtOf(new X509Certificate(chainPem)).getTime();

  async function renewOnce(): Promise<ProductSigner> {
    const issued = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('product-signer'))`);
      const [row] = await tx.select().from(gatewayPki).where(eq(gatewayPki.id, PKI_ID)).limit(1);
      if (!row) throw new Error('The gateway PKI is not in the database yet: syncGatewayPki runs first.');
      // Another copy may have renewed it while this one waited for the lock.
      if (fits(row.signerChain, now())) return { fresh: false, signer: signerOf(row.signerChain, vault.open(row.sealedSignerKey)) };
      const certificate = await productCertificate.issue({ ...profile, issuerCertificatePem: row.intermediateCertificate, issuerKeyPem: vault.open(row.sealedIntermediateKey), now: now() });
      const leafPem = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n?/.exec(certificate.certificateChainPem)![0];
      await tx
        .update(gatewayPki)
        .set({ signerCertificate: leafPem.endsWith('\n') ? leafPem : `${leafPem}\n`, signerChain: certificate.certificateChainPem, sealedSignerKey: vault.seal(certificate.privateKeyPem) })
        .where(eq(gatewayPki.id, PKI_ID));
      await tx.insert(gatewayCertificates).values({ serialNumber: certificate.serialNumber, status: 'good', userId: null }).onConflictDoNothing();
      return { fresh: true, signer: signerOf(certificate.certificateChainPem, certificate.privateKeyPem) };
    });
    if (issued.fresh) {
      const { signer } = issued;
      const leafPem = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(signer.certificateChainPem)![0];
      await replaceFile(path.join(deps.pkiDir, localPki.files.signerKey), signer.privateKeyPem, 0o600);
      await replaceFile(path.join(deps.pkiDir, localPki.files.signerCertificate), `${leafPem}\n`, 0o644);
      await replaceFile(path.join(deps.pkiDir, localPki.files.signerChain), signer.certificateChainPem, 0o644);
    }
    return issued.signer;
  }

  /** No shared PKI in the database: issued from this folder's intermediate and kept by this store alone. */
  async function issueInMemory(): Promise<ProductSigner> {
    const [issuerCertificatePem, issuerKeyPem] = await Promise.all([
      readFile(path.join(deps.pkiDir, localPki.files.intermediateCertificate), 'utf8'),
      readFile(path.join(deps.pkiDir, localPki.files.intermediateKey), 'utf8'),
    ]);
    const certificate = await productCertificate.issue({ ...profile, issuerCertificatePem, issuerKeyPem, now: now() });
    await db.insert(gatewayCertificates).values({ serialNumber: certificate.serialNumber, status: 'good', userId: null }).onConflictDoNothing();
    return signerOf(certificate.certificateChainPem, certificate.privateKeyPem);
  }

  return {
    async current() {
      if (inForce && now().getTime() < inForce.renewAt.getTime()) return inForce;
      // One renewal at a time in this copy; the lock settles it between copies.
      renewing ??= (async () => {
        const [row] = await db.select({ signerChain: gatewayPki.signerChain, sealedSignerKey: gatewayPki.sealedSignerKey }).from(gatewayPki).where(eq(gatewayPki.id, PKI_ID)).limit(1);
        if (!row) return issueInMemory();
        if (fits(row.signerChain, now())) return signerOf(row.signerChain, vault.open(row.sealedSignerKey));
        return renewOnce();
      })().finally(() => {
        renewing = null;
      });
      inForce = await renewing;
      return inForce;
    },
  };
}
