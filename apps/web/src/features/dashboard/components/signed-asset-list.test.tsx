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
  verificationCount: 2,
  signedAssetUrl: 'http://localhost:8080/api/v1/assets/0b8e2a8e-7c1a-4a4e-9d59-2b1f8e0c9a11',
  manifestUrl: 'http://localhost:8080/api/v1/manifests/urn%3Ac2pa%3A5f0c6d35',
  sidecarUrl: 'http://localhost:8080/api/v1/manifests/urn%3Ac2pa%3A5f0c6d35?format=c2pa',
  thumbnailUrl: null,
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
});
