import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { TSignedAsset } from '@provenance/contracts';

vi.mock('@/lib/api/analytics', () => ({ trackEvent: vi.fn(async () => undefined) }));

import { SignedAssetList } from './signed-asset-list';

// Cast: the fixture names only the fields the list reads.
const asset = {
  assetId: '0b8e2a8e-7c1a-4a4e-9d59-2b1f8e0c9a11',
  manifestId: 'urn:c2pa:5f0c6d35-9b0b-4d7e-bb3a-2f0c3c1d2e4f',
  title: 'harbour "dawn".jpg',
  mime: 'image/jpeg',
  bytes: 120_000,
  createdAt: '2026-11-21T10:00:00.000Z',
  status: 'verified',
  verdict: {
    status: 'verified',
    trust: { tier: 'gateway', list: null, anchor: null, label: 'Signed through this gateway; not on a public trust list, so other validators show it as unrecognised' },
    reason: 'Signed and intact.',
    revocation: 'good',
  },
  seenElsewhere: { stripped: { count: 0, places: [] }, tampered: { count: 0, places: [] }, mismatched: { count: 0, places: [] } },
  verificationCount: 2,
  signedAssetUrl: 'http://localhost:8080/api/v1/assets/0b8e2a8e-7c1a-4a4e-9d59-2b1f8e0c9a11',
  manifestUrl: 'http://localhost:8080/api/v1/manifests/urn%3Ac2pa%3A5f0c6d35',
  sidecarUrl: 'http://localhost:8080/api/v1/manifests/urn%3Ac2pa%3A5f0c6d35?format=c2pa',
  thumbnailUrl: null,
  sidecar: false,
  parentCredentialsWarning: null,
  timestamp: { state: 'added', addedAt: null, attempts: 0, lastError: null, previousVersionUrl: null },
} as TSignedAsset;

const renderList = (assets: TSignedAsset[] = [asset]) =>
  render(
    <MemoryRouter>
      <SignedAssetList assets={assets} state="success" />
    </MemoryRouter>,
  );

describe('signed asset list', () => {
  it('offers, for each asset, the embed code of the badge, escaped and copyable', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderList();
    const embed = within(screen.getByTestId('embed-snippet'));
    await userEvent.click(embed.getByText('Embed the Content Credentials badge'));
    const code = embed.getByText(/content-credentials manifest-id/).textContent ?? '';
    expect(code).toContain(`<script src="${window.location.origin}/embed/content-credentials.js" async></script>`);
    expect(code).toContain(`<content-credentials manifest-id="${asset.manifestId}">`);
    expect(code).toContain(`<img src="${asset.signedAssetUrl}?download=0" alt="harbour &quot;dawn&quot;.jpg">`);
    await userEvent.click(embed.getByRole('button', { name: /Copy embed code/ }));
    expect(writeText).toHaveBeenCalledWith(code);
  });

  it('links each asset, by its title and a Report button, to its readable report', () => {
    renderList();
    const path = `/v/${encodeURIComponent(asset.manifestId)}`;
    expect(screen.getByRole('link', { name: asset.title! }).getAttribute('href')).toBe(path);
    expect(screen.getByRole('link', { name: `Report of ${asset.title!}` }).getAttribute('href')).toBe(path);
  });

  it('says when an asset’s timestamp is pending or was given up on, and nothing once it is there', () => {
    renderList([
      { ...asset, assetId: 'a1', title: 'pending.jpg', timestamp: { ...asset.timestamp, state: 'pending' } },
      { ...asset, assetId: 'a2', title: 'given-up.jpg', timestamp: { ...asset.timestamp, state: 'failed' } },
      { ...asset, assetId: 'a3', title: 'stamped.jpg' },
    ]);
    expect(screen.getAllByTestId('timestamp-state').map((line) => line.textContent)).toEqual([
      'Timestamp pending: added as soon as the time-stamping authority answers',
      'Timestamp not added: the time-stamping authority did not answer for a week',
    ]);
  });

  it('warns beside an asset that was signed over invalid Content Credentials, and only there', () => {
    renderList([{ ...asset, parentCredentialsWarning: 'The file was changed after it was signed (assertion.dataHash.mismatch).' }, { ...asset, assetId: 'other', parentCredentialsWarning: null }]);
    const warnings = screen.getAllByTestId('parent-credentials-warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.textContent).toContain('Signed over invalid Content Credentials: The file was changed after it was signed');
  });

  it('says which signing identity signed each asset, when the gateway recorded one', () => {
    renderList([
      { ...asset, signedBy: { identityId: 'id-1', kind: 'managed', subject: 'O=Daily Planet, CN=Daily Planet via Provenance Gateway' } },
      { ...asset, assetId: 'older', signedBy: null },
    ]);
    const lines = screen.getAllByTestId('signed-by');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.textContent).toBe('Signed as Daily Planet via Provenance Gateway (managed certificate)');
  });

  it('shows the file’s own verdict in the report’s trust words, and copies seen elsewhere apart, opened to where and when', async () => {
    renderList([
      {
        ...asset,
        seenElsewhere: {
          stripped: { count: 2, places: [{ where: 'https://elsewhere.example/harbour.jpg', firstSeen: '2026-11-22T08:00:00.000Z', lastSeen: '2026-11-23T09:30:00.000Z', count: 2 }] },
          tampered: { count: 1, places: [{ where: null, firstSeen: '2026-11-24T12:00:00.000Z', lastSeen: '2026-11-24T12:00:00.000Z', count: 1 }] },
          mismatched: { count: 0, places: [] },
        },
      },
      { ...asset, assetId: 'own-certificate', verdict: { ...asset.verdict!, status: 'partial', trust: { tier: 'untrusted', list: null, anchor: null, label: 'Not on any trust list' } } },
      { ...asset, assetId: 'unchecked', status: null, verdict: null },
    ]);
    const [copied, ownCertificate, unchecked] = screen.getAllByTestId('signed-asset');
    const own = within(within(copied!).getByTestId('own-verdict'));
    expect(own.getByText('Verified')).toBeTruthy();
    expect(own.getByTestId('own-verdict-trust').textContent).toBe(asset.verdict!.trust.label);
    expect(within(ownCertificate!).getByTestId('own-verdict').textContent).toContain('Partial');
    expect(within(ownCertificate!).getByTestId('own-verdict').textContent).toContain('Not on any trust list');
    expect(within(ownCertificate!).getByTestId('seen-elsewhere').textContent).toBe('No copies seen elsewhere');
    expect(within(unchecked!).getByTestId('own-verdict').textContent).toContain('could not be checked just now');

    const seen = within(copied!).getByTestId('seen-elsewhere');
    const summary = within(seen).getByText('Seen elsewhere: stripped copy seen 2 times, tampered copy seen once');
    expect(seen.hasAttribute('open')).toBe(false);
    await userEvent.click(summary);
    expect(seen.hasAttribute('open')).toBe(true);
    const stripped = within(within(seen).getByRole('region', { name: 'Stripped copies' }));
    expect(stripped.getByRole('link', { name: 'https://elsewhere.example/harbour.jpg' }).getAttribute('rel')).toContain('noreferrer');
    expect(stripped.getByTestId('copy-sighting').textContent).toMatch(/Seen 2 times, first .+, last .+/);
    expect(within(seen).getByRole('region', { name: 'Tampered copies' }).textContent).toContain('place not known');
  });

  it('offers the next page when there is one', async () => {
    const load = vi.fn();
    render(
      <MemoryRouter>
        <SignedAssetList assets={[asset]} state="success" more={{ load, loading: false }} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(load).toHaveBeenCalledOnce();
  });
});
