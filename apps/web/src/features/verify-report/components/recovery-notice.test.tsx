import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { TRecovery } from '@provenance/contracts';
import { verifiedResult } from '../test-fixtures';
import { RecoveryNotice } from './recovery-notice';

describe('RecoveryNotice', () => {
  it('says the credentials are in the repository, not the file, and links to their report', () => {
    const recovery: TRecovery = { manifestId: 'urn:c2pa:abc', method: 'fingerprint', similarity: 94, manifestUrl: 'http://localhost/api/v1/sbr/manifests/urn%3Ac2pa%3Aabc', verification: verifiedResult.verification };
    render(
      <MemoryRouter>
        <RecoveryNotice recovery={recovery} />
      </MemoryRouter>,
    );
    const notice = screen.getByTestId('recovery-notice');
    expect(notice.textContent).toContain('No Content Credentials in this file; matching credentials found in the repository (not embedded)');
    expect(notice.textContent).toContain('similarity 94%');
    expect(screen.getByRole('link', { name: 'See the matching report' }).getAttribute('href')).toBe('/v/urn%3Ac2pa%3Aabc');
  });
});
