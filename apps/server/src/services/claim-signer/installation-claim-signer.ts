// Who signs the claims this installation makes: one claim signer, set by the operator. CLAIM_SIGNER
// names a key and chain (from a CA on the C2PA trust list, in production) or a remote signing
// service (claim-signer-setting.ts); without it, the local PKI's development product certificate
// (services/pki/product-signer-store.ts: product in CN, operator in O, renewed before its end).
// `open` checks the setting when the server starts (files read, the key matched to the chain, a
// remote service made to prove it holds the key), and `probe` test-signs through the engine: a
// signer that cannot sign stops the start with a sentence naming CLAIM_SIGNER. The signing service
// asks `claimSignerFor` for each signing: the installation's signer, unless the account's active
// identity is a certificate or remote service it brought (its own product certificate), which keeps
// signing its claims. Organisations are named elsewhere (the CAWG identity), not by the claim signer.
// `describe` says which signer is in force and what other validators will make of it.
import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { broughtIdentity, localPki, parseCertificateChainPem, productCertificate, type ClaimSigner, type ConformingProductRecord, type PostSigningRequest, type SignerMaterial, type TrustStore } from '@provenance/engine';
import type { TClaimSigner } from '@provenance/contracts';
import { DomainError } from '../domain-error.ts';
import { CA_ISSUERS_PATH } from '../pki/gateway-certificate-authority.ts';
import type { ProductProfile, ProductSignerStore } from '../pki/product-signer-store.ts';
import type { IdentityProbe } from '../signing-identities/identity-probe.ts';
import type { KeyVault } from '../signing-identities/key-vault.ts';
import { algorithmOf, checkRemoteIdentity, proveRemoteKey, remoteSignerOf } from '../signing-identities/remote-identity.ts';
import type { AccountSigner } from '../signing-identities/signing-identities.ts';
import type { ClaimSignerSetting } from './claim-signer-setting.ts';

/** The operator's claim-signing configuration, as the server's settings give it. */
export interface ClaimSigning {
  setting: ClaimSignerSetting;
  /** CLAIM_SIGNER_SECRET. */
  secret?: string | undefined;
  /** PRODUCT_NAME: the product in the development certificate's CN (default "Provenance Gateway"). */
  product?: string | undefined;
  /** OPERATOR_NAME: the operator in its O. */
  operator?: string | undefined;
  /** OPERATOR_COUNTRY: its C. */
  country?: string | undefined;
  /** C2PA_CPL_RECORD and C2PA_ASSURANCE_LEVEL: the c2pa-cpl-record and c2pa-al extensions. */
  conformingProduct?: ConformingProductRecord | undefined;
  /** Where relative paths in CLAIM_SIGNER start. */
  baseDir?: string | undefined;
}

/** The O of a development product certificate whose operator did not set OPERATOR_NAME. */
export const UNNAMED_OPERATOR = 'Provenance Gateway development installation';

/**
 * What the development product certificate says, from the configuration; OCSP, the issuer's
 * certificate (caIssuers) and CRL under PUBLIC_URL. Without OPERATOR_COUNTRY its C is ZZ (unknown).
 */
export function productProfileOf(signing: ClaimSigning, publicUrl: string): ProductProfile {
  return {
    product: signing.product ?? localPki.gatewayName,
    operator: signing.operator ?? UNNAMED_OPERATOR,
    country: signing.country ?? productCertificate.unknownCountry,
    conformingProduct: signing.conformingProduct,
    ocspUrl: new URL('/api/v1/pki/ocsp', publicUrl).href,
    caIssuersUrl: new URL(CA_ISSUERS_PATH, publicUrl).href,
    crlUrl: new URL('/api/v1/pki/crl', publicUrl).href,
  };
}

export class ClaimSignerStartError extends Error {
  constructor(message: string) {
    super(`CLAIM_SIGNER: ${message}`);
    this.name = 'ClaimSignerStartError';
  }
}

export interface InstallationClaimSignerDeps extends ClaimSigning {
  /** The development product certificate, when CLAIM_SIGNER is unset. */
  productSigner: ProductSignerStore;
  vault: KeyVault;
  /** How a remote claim signer's service is reached: the server's safe fetcher. */
  post?: PostSigningRequest | undefined;
  /** The trust store in force, which says whether the signer's root is on the C2PA trust list. */
  trust: () => TrustStore;
  clock?: () => Date;
}

export interface InstallationClaimSigner {
  /** Checks CLAIM_SIGNER (or issues the development product certificate); throws ClaimSignerStartError naming what is wrong. */
  open(): Promise<void>;
  /** Signs and verifies a test picture with the operator's signer through the engine; throws ClaimSignerStartError when it fails. */
  probe(probe: IdentityProbe): Promise<void>;
  /** What signs the claim of an account's next signing (`account`: its signing identity, when the gateway has any). */
  claimSignerFor(account: AccountSigner | null): Promise<SignerMaterial | ClaimSigner>;
  /** The claim signer in force, in the words of the start-up log and Settings. */
  describe(): Promise<TClaimSigner>;
}

const DEVELOPMENT_STATEMENT = "Development product certificate from this gateway's own CA: other validators will read it as untrusted. Set CLAIM_SIGNER to a certificate from a CA on the C2PA trust list in production.";

/** The CN of a distinguished name (node prints one attribute a line), or the whole name. */
function commonName(name: string): string {
  return /(?:^|\n|,\s*)CN=([^\n,]+)/.exec(name)?.[1] ?? name.replace(/\n/g, ', ');
}

async function readSettingFile(file: string, what: string, baseDir: string): Promise<string> {
  try {
    return await readFile(path.resolve(baseDir, file), 'utf8');
  } catch (error) {
    throw new ClaimSignerStartError(`the ${what} file ${file} could not be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

export function createInstallationClaimSigner(deps: InstallationClaimSignerDeps): InstallationClaimSigner {
  const { setting } = deps;
  const now = () => deps.clock?.() ?? new Date();
  const baseDir = deps.baseDir ?? process.cwd();
  /** The operator's signer once opened (file or remote); the development one is asked of the store each time (it renews). */
  let operator: { signer: SignerMaterial | ClaimSigner; certificateChainPem: string } | null = null;

  async function openFile(keyPath: string, chainPath: string): Promise<void> {
    const [privateKeyPem, chainPem] = await Promise.all([readSettingFile(keyPath, 'private key', baseDir), readSettingFile(chainPath, 'certificate chain', baseDir)]);
    try {
      const checked = await broughtIdentity.checkCertificate(chainPem, privateKeyPem, now());
      operator = { signer: { privateKeyPem, certificateChainPem: checked.certificateChainPem, alg: checked.alg }, certificateChainPem: checked.certificateChainPem };
    } catch (error) {
      if (error instanceof broughtIdentity.CertificateError) throw new ClaimSignerStartError(`${error.message} (key ${keyPath}, chain ${chainPath})`);
      throw error;
    }
  }

  async function openRemote(url: string, chainPath: string): Promise<void> {
    if (!deps.secret) throw new ClaimSignerStartError('a remote claim signer needs CLAIM_SIGNER_SECRET, the shared secret its service checks (at least 16 characters)');
    if (!deps.post) throw new ClaimSignerStartError('this server has no way to reach a remote signing service');
    const chainPem = await readSettingFile(chainPath, 'certificate chain', baseDir);
    let leaf: X509Certificate;
    try {
      leaf = new X509Certificate(chainPem);
    } catch {
      throw new ClaimSignerStartError(`the certificate chain file ${chainPath} holds no readable certificate`);
    }
    const alg = algorithmOf(leaf);
    if (!alg) throw new ClaimSignerStartError(`the signing certificate's key (${chainPath}) is not one the gateway signs with (ES256, ES384, ES512, PS256, Ed25519)`);
    try {
      const checked = checkRemoteIdentity({ url, secret: deps.secret, certificateChain: chainPem, alg }, deps.vault, now());
      await proveRemoteKey(checked, deps.vault, deps.post);
      operator = { signer: remoteSignerOf({ certificateChain: checked.certificateChain, sealedPrivateKey: checked.sealedConfig }, deps.vault, deps.post), certificateChainPem: checked.certificateChain };
    } catch (error) {
      if (error instanceof DomainError) throw new ClaimSignerStartError(`${error.message.replace(/signing service at url/, `signing service at ${url}`)} (chain ${chainPath})`);
      throw error;
    }
  }

  async function installationSigner(): Promise<{ signer: SignerMaterial | ClaimSigner; certificateChainPem: string; renewAt: Date | null }> {
    if (setting.kind === 'development') {
      const product = await deps.productSigner.current();
      return { signer: { privateKeyPem: product.privateKeyPem, certificateChainPem: product.certificateChainPem }, certificateChainPem: product.certificateChainPem, renewAt: product.renewAt };
    }
    if (!operator) throw DomainError.conflict('The claim signer was not opened at start.');
    return { ...operator, renewAt: null };
  }

  return {
    async open() {
      if (setting.kind === 'file') await openFile(setting.keyPath, setting.chainPath);
      else if (setting.kind === 'remote') await openRemote(setting.url, setting.chainPath);
      else await deps.productSigner.current();
    },
    async probe(probe) {
      if (!operator) return;
      try {
        await probe(operator.signer);
      } catch (error) {
        if (error instanceof DomainError) throw new ClaimSignerStartError(error.message.replace(/^The identity was not added: /, 'the claim signer cannot sign: '));
        throw error;
      }
    },
    async claimSignerFor(account) {
      // An identity the account brought is its own product certificate (or service): it still signs the claim.
      if (account && account.kind !== 'managed') return account.material;
      return (await installationSigner()).signer;
    },
    async describe() {
      const { certificateChainPem, renewAt } = await installationSigner();
      const chain = parseCertificateChainPem(certificateChainPem);
      const leaf = new X509Certificate(chain[0]!);
      const verdict = deps.trust().vouch(chain);
      const issuer = commonName(leaf.issuer);
      const onTrustList = verdict.tier === 'conformant';
      const statement =
        setting.kind === 'development'
          ? DEVELOPMENT_STATEMENT
          : onTrustList
            ? `From ${issuer}, on the C2PA trust list: other validators will read its claims as signed by a trusted product.`
            : verdict.tier === 'custom' || verdict.tier === 'legacy'
              ? `From ${issuer}, on this gateway's trust list ${verdict.list ?? ''} but not the C2PA trust list: other validators will read it as untrusted.`
              : `From ${issuer}, not on the C2PA trust list: other validators will read it as untrusted.`;
      return {
        source: setting.kind,
        subject: leaf.subject.replace(/\n/g, ', '),
        issuer: leaf.issuer.replace(/\n/g, ', '),
        serialNumber: leaf.serialNumber.toLowerCase(),
        notAfter: new Date(leaf.validTo).toISOString(),
        renewsAt: renewAt?.toISOString() ?? null,
        onC2paTrustList: onTrustList,
        statement,
        certificateChain: certificateChainPem,
      };
    },
  };
}
