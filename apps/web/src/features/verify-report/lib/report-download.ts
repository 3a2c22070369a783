// What the report offers to download: the manifest report as JSON (made in the browser from the
// answer already on screen, every validation code included), the certificate of the trust anchor
// that vouched as PEM; the `.c2pa` manifest store's address is in src/lib/api/manifests.
import type { TTrustResponse, TVerifyResponse } from '@provenance/contracts';

/** A file-name-safe stem from the asset title or the manifest ID. */
export function downloadStem(result: TVerifyResponse): string {
  const source = result.report.activeManifest?.title ?? result.report.manifestId ?? 'content-credentials';
  const stem = source
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .replace(/[^a-z0-9._-]+/gi, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return stem || 'content-credentials';
}

export function reportJson(result: TVerifyResponse): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}

export { manifestReportPath as reportPath } from '@/lib/api/manifests';

/** The signer's certificate chain as one PEM file, signing certificate first; null when the report has none. */
export function signerChainPem(result: TVerifyResponse): string | null {
  const chain = result.report.signer?.certificateChainPem ?? [];
  return chain.length > 0 ? `${chain.map((pem) => pem.trim()).join('\n')}\n` : null;
}

/** The PEM of the anchor the verdict names, from the lists the gateway trusts; null when none vouched. */
export function anchorPem(result: TVerifyResponse, trust: TTrustResponse | undefined): string | null {
  const sha256 = result.verification.trust.anchor?.sha256;
  if (!sha256 || !Array.isArray(trust?.lists)) return null;
  for (const list of trust.lists) {
    const anchor = list.anchors.find((candidate) => candidate.sha256 === sha256);
    if (anchor) return `${anchor.pem.trim()}\n`;
  }
  return null;
}

/** The trust verdict in words: the list's name, or that none vouched. */
export function trustListText(result: TVerifyResponse): string {
  return result.verification.status === 'unsigned' ? 'No signer' : result.verification.trust.label;
}
