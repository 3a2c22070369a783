import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '@/test/render';
import type { VerificationSummary } from '@/lib/verification';
import { VerifyWidget } from './verify-widget';

afterEach(() => vi.unstubAllGlobals());

const verified: VerificationSummary = {
  verification: {
    status: 'verified',
    chainValid: true,
    signatureValid: true,
    trustLevel: 'trusted',
    trust: { tier: 'conformant', list: 'C2PA trust list', anchor: null, label: 'On the C2PA trust list: the C2PA conformance program vouches for the signer' },
    reasonCode: 'signingCredential.trusted',
    credentials: { creator: 'Ada', organization: 'Newsroom', organizationVerified: true, organizationDomain: null, softwareAgent: null, aiAssisted: true, editHistory: [] },
  },
  badge: { message: 'Content Credentials verified: signed by Newsroom' },
  report: { signer: { commonName: 'Newsroom Signer', organization: 'Newsroom' }, signedAt: '2026-11-21T10:00:00.000Z', activeManifest: { aiDisclosure: 'ai_edited' } },
};

function respondWith(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('VerifyWidget', () => {
  it('asks for a URL when the field is empty, without calling the server', async () => {
    const fetchMock = respondWith(200, verified);
    renderAt(<VerifyWidget />);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Image URL required')).toBeTruthy();
    expect(screen.getByText('Please enter an image URL to verify')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a verified result with signer, time, trust level, AI statement and the full-result link', async () => {
    const fetchMock = respondWith(200, verified);
    renderAt(<VerifyWidget />);
    await userEvent.type(screen.getByLabelText('Image URL'), 'https://news.example/photo.jpg');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const result = await screen.findByTestId('verify-result');
    expect(within(result).getByRole('heading', { name: 'Verified' })).toBeTruthy();
    expect(within(result).getByText('Newsroom Signer')).toBeTruthy();
    expect(within(result).getByText('TRUSTED')).toBeTruthy();
    // The report's words for what the manifest says of AI, not a yes or no.
    expect(within(result).getByText('Edited with AI')).toBeTruthy();
    expect(result.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-21T10:00:00.000Z');
    expect(within(result).getByRole('link', { name: 'View full result' }).getAttribute('href')).toBe('/verify?url=https%3A%2F%2Fnews.example%2Fphoto.jpg');
    expect(await screen.findByText('Verification Complete')).toBeTruthy();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ assetUrl: 'https://news.example/photo.jpg' });
  });

  it('says "No AI statement" where the manifest makes none, as the report does, never "No"', async () => {
    respondWith(200, { ...verified, report: { ...verified.report, activeManifest: { aiDisclosure: null } } });
    renderAt(<VerifyWidget />);
    await userEvent.type(screen.getByLabelText('Image URL'), 'https://news.example/photo.jpg');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const result = await screen.findByTestId('verify-result');
    expect(within(result).getByText('No AI statement')).toBeTruthy();
    expect(within(result).queryByText('No')).toBeNull();
  });

  it('presents any other status as Verification Failed with the reason', async () => {
    respondWith(200, { ...verified, verification: { ...verified.verification, status: 'partial', trustLevel: 'unknown' }, badge: { message: 'Signer not on a trust list' } });
    renderAt(<VerifyWidget />);
    await userEvent.type(screen.getByLabelText('Image URL'), 'https://news.example/photo.jpg');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const result = await screen.findByTestId('verify-result');
    expect(within(result).getByRole('heading', { name: 'Verification Failed' })).toBeTruthy();
    expect(within(result).getByText('Signer not on a trust list')).toBeTruthy();
    expect(within(result).getByText('UNKNOWN')).toBeTruthy();
  });

  it('toasts the server’s reason when verification cannot run', async () => {
    respondWith(422, { error: { code: 'fetch_refused', message: 'The asset could not be fetched' } });
    renderAt(<VerifyWidget />);
    await userEvent.type(screen.getByLabelText('Image URL'), 'https://news.example/missing.jpg');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Verification Failed')).toBeTruthy();
    expect(screen.getByText('The asset could not be fetched')).toBeTruthy();
    expect(screen.queryByTestId('verify-result')).toBeNull();
  });
});
