import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { TVerificationEvent } from '@provenance/contracts';
import { EventDetails } from './event-details';

const BASE: TVerificationEvent = {
  id: 'e1',
  created_at: '2026-11-27T10:00:00.000Z',
  status: 'invalid',
  reason: 'The file’s bytes have changed since it was signed.',
  geo_location: null,
  manifestId: 'urn:c2pa:1',
  source: 'url',
  ofOwnContent: false,
  trustLabel: 'Signed through this gateway',
  organization: 'Example News (self-declared, not verified)',
  assetUrl: 'https://example.org/a.jpg',
  pageOrigin: null,
  recovery: null,
  heldManifestId: null,
  jobItem: null,
};

function renderDetails(event: Partial<TVerificationEvent>) {
  render(
    <MemoryRouter>
      <EventDetails id="details" event={{ ...BASE, ...event }} />
    </MemoryRouter>,
  );
}

const hrefs = () => screen.queryAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);

describe('EventDetails', () => {
  it('leads an event of the account\'s own job item to that item\'s stored report, not to a new verification', () => {
    renderDetails({ jobItem: { jobId: 'job-1', index: 2 } });
    expect(hrefs()).toEqual([['Report of this verification (batch job item 3)', '/jobs/job-1/items/2']]);
  });

  it('offers a URL verification\'s address again, and the report of the signed original the gateway holds', () => {
    renderDetails({ heldManifestId: 'urn:c2pa:1', pageOrigin: 'https://news.example' });
    expect(hrefs()).toEqual([
      ['Verify this address again', `/verify?url=${encodeURIComponent('https://example.org/a.jpg')}`],
      ['Report of the signed original', '/v/urn%3Ac2pa%3A1'],
    ]);
    expect(screen.getByTestId('event-page').textContent).toContain('https://news.example');
    expect(screen.getByTestId('event-organization').textContent).toContain('self-declared');
  });

  it('says an upload has no address and offers no report it cannot show', () => {
    renderDetails({ source: 'upload', assetUrl: null });
    expect(screen.getByTestId('event-address').textContent).toContain('An uploaded file (no address)');
    expect(hrefs()).toEqual([]);
  });

  it('never offers a badge\'s check of other media as the address verified again', () => {
    renderDetails({ mediaCheck: 'mismatch', recovery: { method: 'fingerprint', similarity: 94, manifestId: 'urn:c2pa:2' } });
    expect(hrefs()).toEqual([]);
    expect(screen.getByTestId('event-recovery').textContent).toContain('Similar image (ISCC fingerprint), 94% similar');
  });
});
