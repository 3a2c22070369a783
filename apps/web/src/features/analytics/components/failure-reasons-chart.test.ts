import { describe, expect, it } from 'vitest';
import { STATUS_COLORS } from './chart-colors';
import { shortReason } from './failure-reasons-chart';

describe('failure reasons chart', () => {
  it('cuts a long reason at a word so axis labels stay readable, and keeps short ones whole', () => {
    expect(shortReason('No Content Credentials were found.')).toBe('No Content Credentials were found.');
    const cut = shortReason('The manifest is intact, but its signer, Example Newsroom, is not on any trust list this gateway uses.');
    expect(cut.length).toBeLessThanOrEqual(45);
    expect(cut).toMatch(/^The manifest is intact, but its signer,.*…$/);
  });

  it('draws a partial in amber, apart from the red of an invalid result', () => {
    expect(STATUS_COLORS.partial).toBe('var(--warning)');
    expect(STATUS_COLORS.invalid).toBe('var(--destructive)');
  });
});
