import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TSignContentResponse } from '@provenance/contracts';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
const signByUrl = vi.hoisted(() => vi.fn());
const signUpload = vi.hoisted(() => vi.fn());
const writeText = vi.hoisted(() => vi.fn(async () => undefined));
const schedule = vi.hoisted(() => vi.fn(async () => 'scheduled'));
const pick = vi.hoisted(() => vi.fn());
const shareFn = vi.hoisted(() => vi.fn());
/** The account's organisation: a name set unless a test says otherwise; its identities: none yet (the managed one is issued at the first signing). */
const organization = vi.hoisted(() => vi.fn());

vi.mock('sonner', () => ({ toast }));
vi.mock('@/lib/api/signing', () => ({ signByUrl, signUpload }));
vi.mock('@/lib/api/signing-identities', async () => {
  const { queryOptions } = await import('@tanstack/react-query');
  const signingIdentityKeys = { organization: (userId: string) => ['account', userId, 'organization'], list: (userId: string) => ['account', userId, 'signing-identities'] };
  return {
    signingIdentityKeys,
    organizationQuery: (userId: string) => queryOptions({ queryKey: signingIdentityKeys.organization(userId), queryFn: () => organization() as Promise<unknown> }),
    signingIdentitiesQuery: (userId: string) => queryOptions({ queryKey: signingIdentityKeys.list(userId), queryFn: async () => [] }),
  };
});
vi.mock('@/lib/api/analytics', async (original) => ({ ...(await original<object>()), trackEvent: vi.fn(async () => undefined) }));
vi.mock('@/platform/clipboard', () => ({ clipboard: { writeText } }));
vi.mock('@/platform/local-notifications', () => ({ localNotifications: { schedule }, NOTIFICATION_DELAY_MS: 1000 }));
vi.mock('@/platform/camera', () => ({ camera: { capturePhoto: vi.fn() } }));
vi.mock('@/platform/photo-picker', () => ({ photoPicker: { pick } }));
vi.mock('@/platform/share', () => ({ share: { share: shareFn } }));
vi.mock('@/platform/location-precision', () => ({ locationPrecision: { isPrecise: () => false } }));
vi.mock('@/platform/capture-metadata', () => ({
  collectCaptureMetadata: vi.fn(async () => ({
    deviceInfo: { platform: 'web', model: 'Chrome 140', manufacturer: 'Google Inc.', osVersion: 'Linux' },
    location: null,
    softwareAgent: 'Provenance Gateway Mobile/0.1.0',
    capturedWithCamera: false,
  })),
}));

const { SignContentPanel } = await import('./sign-content-panel');

const RESULT = {
  success: true,
  manifestId: 'urn:c2pa:5f0c6d35-9b0b-4d7e-bb3a-2f0c3c1d2e4f',
  assetId: 'asset-1',
  signedManifest: { assetHash: 'ab'.repeat(32), timestamp: '2026-11-21T14:38:06.000Z' },
  signedAssetUrl: 'http://localhost/api/v1/assets/asset-1',
  manifestUrl: 'http://localhost/api/v1/manifests/x',
  sidecarUrl: 'http://localhost/api/v1/manifests/x?format=c2pa',
  mime: 'image/png',
  bytes: { original: 1000, signed: 1010 },
  sidecar: false,
  parentCredentials: null,
  warnings: [],
  verification: {
    verification: { status: 'verified', chainValid: true, signatureValid: true, trustLevel: 'trusted', trust: { tier: 'conformant', list: 'C2PA trust list', anchor: null, label: 'On the C2PA trust list: the C2PA conformance program vouches for the signer' }, credentials: { creator: 'Ada', organization: null, softwareAgent: null, aiAssisted: false, editHistory: [] } },
    badge: { message: 'Content Credentials verified' },
    report: { activeManifest: { title: 'Harbour' }, signer: { commonName: 'Provenance Gateway Signer', organization: null } },
  },
} as unknown as TSignContentResponse;

function renderPanel(latestAsset = null) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <SignContentPanel userId="user-1" latestAsset={latestAsset} />
    </QueryClientProvider>,
  );
}

const NAMED = { name: 'Harbour Gazette', isSet: true, domain: null, verified: false, verifiedEmail: null, verifiedAt: null };
const UNNAMED = { ...NAMED, name: null, isSet: false };
beforeEach(() => organization.mockResolvedValue(NAMED));
afterEach(() => vi.clearAllMocks());

/** What a screen reader reads after a field's label: the texts its aria-describedby points at. */
function describedBy(field: HTMLElement): string {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('SignContentPanel', () => {
  it('asks for the asset URL and creator name before signing', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Sign Content' }));
    expect(toast.error).toHaveBeenCalledWith('Missing information', { description: 'Please provide asset URL and creator name' });
    // Each missing field says so itself, and the first one has the focus.
    const url = screen.getByLabelText('Asset URL');
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(url)).toContain('Give the address of the file to sign');
    expect(document.activeElement).toBe(url);
    expect(describedBy(screen.getByLabelText('Creator Name'))).toBe("Give the creator's name.");
    await user.type(url, 'https://example.org/a.jpg');
    expect(url.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign Content' }));
    expect(toast.error).toHaveBeenCalledTimes(2);
    expect(document.activeElement).toBe(screen.getByLabelText('Creator Name'));
    expect(signByUrl).not.toHaveBeenCalled();
  });

  it('has nothing to share before anything is signed', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(toast.error).toHaveBeenCalledWith('Nothing to share', { description: 'Please sign content first' });
    expect(shareFn).not.toHaveBeenCalled();
  });

  it('signs by URL, copies the manifest ID, schedules the notification, resets the form and shows the result', async () => {
    const user = userEvent.setup();
    signByUrl.mockResolvedValue(RESULT);
    renderPanel();
    await user.type(screen.getByLabelText('Asset URL'), 'https://example.org/a.jpg');
    await user.type(screen.getByLabelText('Creator Name'), 'Ada');
    await user.clear(screen.getByLabelText('License'));
    await user.type(screen.getByLabelText('License'), 'CC BY 4.0');
    await user.click(screen.getByRole('checkbox', { name: 'AI-assisted content' }));
    await user.click(screen.getByRole('button', { name: 'Sign Content' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Content Signed Successfully!', expect.anything()));
    // The account has a name: the form does not ask for it, and the signing sends none.
    expect(screen.queryByLabelText('Name to sign under')).toBeNull();
    expect(signByUrl).toHaveBeenCalledWith('https://example.org/a.jpg', expect.objectContaining({ creator: 'Ada', license: 'CC BY 4.0', aiAssisted: true, location: null }), undefined);
    expect(writeText).toHaveBeenCalledWith(RESULT.manifestId);
    expect(schedule).toHaveBeenCalledWith(expect.objectContaining({ delayMs: 1000 }));
    expect(screen.getByLabelText('Creator Name')).toHaveProperty('value', '');
    expect(screen.getByLabelText('License')).toHaveProperty('value', 'All Rights Reserved');
    expect(screen.getByRole('checkbox', { name: 'AI-assisted content' })).toHaveProperty('checked', false);
    expect(screen.getByTestId('manifest-id').textContent).toBe(RESULT.manifestId);
  });

  it('uploads a picked file instead of the URL, and reports a refusal as Signing Failed', async () => {
    const user = userEvent.setup();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' });
    pick.mockResolvedValue({ file, dataUrl: 'data:image/png;base64,iVBORw==', mime: 'image/png', source: 'file' });
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    signUpload.mockRejectedValue(new Error('boom'));
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Pick File' }));
    expect(toast.success).toHaveBeenCalledWith('File Selected', { description: 'photo.png' });
    expect(await screen.findByRole('img', { name: 'Preview of photo.png' })).toBeTruthy();
    await user.type(screen.getByLabelText('Creator Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Sign Content' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Signing Failed', { description: 'Unable to sign content' }));
    expect(signUpload).toHaveBeenCalledWith(file, expect.objectContaining({ creator: 'Ada', capturedWithCamera: false }), expect.anything(), undefined);
    expect(screen.getByLabelText('Creator Name')).toHaveProperty('value', 'Ada');
  });

  it('asks an account with no name for the name to sign under, requires it, and sends it with the signing', async () => {
    organization.mockResolvedValue(UNNAMED);
    signByUrl.mockResolvedValue(RESULT);
    const user = userEvent.setup();
    renderPanel();
    const name = await screen.findByLabelText('Name to sign under');
    expect(name.getAttribute('aria-required')).toBe('true');
    expect(describedBy(name)).toContain('It is published in every signature you make');
    await user.type(screen.getByLabelText('Asset URL'), 'https://example.org/a.jpg');
    await user.type(screen.getByLabelText('Creator Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Sign Content' }));
    expect(toast.error).toHaveBeenCalledWith('Missing information', { description: 'Please provide the name to sign under' });
    expect(document.activeElement).toBe(name);
    expect(describedBy(name)).toContain('Give the name to sign under.');
    expect(signByUrl).not.toHaveBeenCalled();

    await user.type(name, ' Harbour Gazette ');
    organization.mockResolvedValue(NAMED);
    await user.click(screen.getByRole('button', { name: 'Sign Content' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Content Signed Successfully!', expect.anything()));
    expect(signByUrl).toHaveBeenCalledWith('https://example.org/a.jpg', expect.objectContaining({ creator: 'Ada' }), 'Harbour Gazette');
    // Set by that signing: not asked again.
    await waitFor(() => expect(screen.queryByLabelText('Name to sign under')).toBeNull());
  });
});
