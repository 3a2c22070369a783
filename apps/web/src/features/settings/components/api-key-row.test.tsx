import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TApiKey } from '@provenance/contracts';
import { ApiKeyRow } from './api-key-row';

const KEY: TApiKey = { type: 'production', prefix: 'pg_live_', masked: 'pg_live_••••••••a1b2', createdAt: '2026-11-21T14:38:06.000Z' };

describe('ApiKeyRow', () => {
  it('shows the masked key read-only', () => {
    render(<ApiKeyRow apiKey={KEY} onRegenerate={vi.fn()} />);
    const input = screen.getByLabelText('Production Key');
    expect(input).toHaveProperty('value', KEY.masked);
    expect(input).toHaveProperty('readOnly', true);
  });

  it('asks first, then shows the new key once with the warning that the old one stopped working', async () => {
    const user = userEvent.setup();
    const onRegenerate = vi.fn(async () => ({ secret: 'pg_live_brandnewsecret9z' }));
    render(<ApiKeyRow apiKey={KEY} onRegenerate={onRegenerate} />);

    await user.click(screen.getByRole('button', { name: 'Regenerate Production Key' }));
    expect(screen.getByRole('alertdialog', { name: 'Regenerate the Production Key?' })).toBeTruthy();
    expect(onRegenerate).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(onRegenerate).toHaveBeenCalledWith('production');
    expect(await screen.findByLabelText('New Production Key')).toHaveProperty('value', 'pg_live_brandnewsecret9z');
    expect(screen.getByRole('note').textContent).toContain('The previous key has stopped working');

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('pg_live_brandnewsecret9z')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Regenerate Production Key' }));
    // Reopening asks again; the secret is gone for good.
    expect(screen.queryByLabelText('New Production Key')).toBeNull();
  });

  it('keeps the old key when regeneration fails', async () => {
    const user = userEvent.setup();
    const onRegenerate = vi.fn(async () => Promise.reject(new Error('offline')));
    render(<ApiKeyRow apiKey={KEY} onRegenerate={onRegenerate} />);
    await user.click(screen.getByRole('button', { name: 'Regenerate Production Key' }));
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByRole('alertdialog', { name: 'Regenerate the Production Key?' })).toBeTruthy();
    expect(screen.queryByLabelText('New Production Key')).toBeNull();
  });
});
