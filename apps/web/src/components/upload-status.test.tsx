import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { UploadStatus, uploadStatusText } from './upload-status';

describe('upload status', () => {
  it('says the bytes sent of the total, then what the server does', () => {
    expect(uploadStatusText({ loaded: 512 * 1024, total: 2 * 1024 * 1024 }, 'Uploaded. Verifying…', 'en')).toBe('Uploading 512 KB of 2 MB (25%)');
    expect(uploadStatusText({ loaded: 700, total: 0 }, 'Uploaded. Verifying…', 'en')).toBe('Uploading 700 B');
    expect(uploadStatusText({ loaded: 10, total: 10 }, 'Uploaded. Verifying…', 'en')).toBe('Uploaded. Verifying…');
  });

  it('offline, says it is waiting for a connection', () => {
    render(<UploadStatus progress={null} waiting afterUpload="Uploaded. Verifying…" />);
    expect(screen.getByRole('status').textContent).toContain('Waiting for a connection');
  });
});
