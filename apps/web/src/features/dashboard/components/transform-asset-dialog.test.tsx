import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TSignedAsset } from '@provenance/contracts';

const transformAsset = vi.fn();
vi.mock('@/lib/api/assets', () => ({ transformAsset: (...args: unknown[]) => transformAsset(...args) }));

import { TransformAssetDialog, transformRequestOf } from './transform-asset-dialog';

// Cast: the fixture names only the fields the dialog reads.
const asset = { assetId: '0b8e2a8e-7c1a-4a4e-9d59-2b1f8e0c9a11', title: 'harbour.jpg', mime: 'image/jpeg' } as TSignedAsset;

const renderDialog = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TransformAssetDialog asset={asset} />
    </QueryClientProvider>,
  );

describe('transform dialog', () => {
  it('sends the new width, format and quality for the asset, and closes once signed', async () => {
    transformAsset.mockResolvedValueOnce({ mime: 'image/webp', assetId: 'new' });
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Transform harbour.jpg' }));
    await userEvent.type(screen.getByLabelText('Width (px)'), '800');
    await userEvent.selectOptions(screen.getByLabelText('Format'), 'webp');
    await userEvent.type(screen.getByLabelText('Quality (1–100)'), '70');
    await userEvent.click(screen.getByRole('button', { name: 'Transform and sign' }));
    expect(transformAsset).toHaveBeenCalledWith(asset.assetId, { resize: { width: 800 }, format: 'webp', quality: 70 });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says what is wrong instead of sending an empty or impossible request', async () => {
    transformAsset.mockClear();
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Transform harbour.jpg' }));
    await userEvent.click(screen.getByRole('button', { name: 'Transform and sign' }));
    expect(screen.getByRole('alert').textContent).toBe('Give a new size, a format or a quality');
    await userEvent.type(screen.getByLabelText('Quality (1–100)'), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Transform and sign' }));
    expect(screen.getByRole('alert').textContent).toBe('Quality must be a whole number from 1 to 100');
    expect(transformAsset).not.toHaveBeenCalled();
  });

  it('shows the gateway’s refusal in the dialog', async () => {
    transformAsset.mockRejectedValueOnce(new Error('The crop goes beyond the image'));
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Transform harbour.jpg' }));
    await userEvent.selectOptions(screen.getByLabelText('Format'), 'png');
    await userEvent.click(screen.getByRole('button', { name: 'Transform and sign' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The crop goes beyond the image');
  });

  it('builds requests from the form: a height alone, a width out of range', () => {
    expect(transformRequestOf({ width: '', height: '300', format: '', quality: '' })).toEqual({ request: { resize: { height: 300 } } });
    expect(transformRequestOf({ width: '9000', height: '', format: '', quality: '' })).toEqual({ error: 'Width must be a whole number of pixels from 1 to 8192' });
  });
});
