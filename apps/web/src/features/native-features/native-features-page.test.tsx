import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '@/test/render';
import { NativeFeaturesPage } from './native-features-page';

const platform = vi.hoisted(() => ({ native: false, setBackgroundColor: vi.fn(), setTextStyle: vi.fn(), impact: vi.fn(async () => false) }));

vi.mock('@/platform/runtime', async (original) => ({ ...(await original<object>()), isNativeApp: () => platform.native }));
vi.mock('@/platform/status-bar', async (original) => ({
  ...(await original<object>()),
  statusBar: { setBackgroundColor: platform.setBackgroundColor, setTextStyle: platform.setTextStyle },
}));
vi.mock('@/platform/haptics', () => ({ haptics: { impact: platform.impact } }));

// Rendering whole screens in jsdom takes seconds when the shared machine is busy.
describe('Native Platform Features screen', { timeout: 20_000 }, () => {
  it('starts blue and logs each status bar request where there is no status bar', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    platform.setTextStyle.mockRejectedValue(new Error('Status bar not available on the web'));
    renderAt(<NativeFeaturesPage />);
    const bar = screen.getByRole('region', { name: 'Status Bar Control' });
    expect(within(bar).getByTestId('status-bar-colour').textContent).toBe('Blue');
    await userEvent.click(within(bar).getByRole('button', { name: 'Red' }));
    expect(info).toHaveBeenCalledWith('Status bar not available', 'Status bar not available on the web');
    expect(within(bar).getByTestId('status-bar-colour').textContent).toBe('Blue');
    expect(within(bar).getByText(/A browser has no status bar/)).toBeTruthy();
  });

  it('recolours the bar on a device', async () => {
    platform.native = true;
    platform.setTextStyle.mockResolvedValue(undefined);
    platform.setBackgroundColor.mockResolvedValue(undefined);
    renderAt(<NativeFeaturesPage />);
    const bar = screen.getByRole('region', { name: 'Status Bar Control' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Yellow' }));
    expect(platform.setTextStyle).toHaveBeenCalledWith('dark');
    expect(platform.setBackgroundColor).toHaveBeenCalledWith('#eab308');
    expect(within(bar).getByTestId('status-bar-colour').textContent).toBe('Yellow');
    expect(within(bar).getByRole('button', { name: 'Yellow' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(bar).queryByText(/A browser has no status bar/)).toBeNull();
    platform.native = false;
  });

  it('says when the browser cannot vibrate', async () => {
    renderAt(<NativeFeaturesPage />);
    const haptics = screen.getByRole('region', { name: 'Haptic Feedback' });
    await userEvent.click(within(haptics).getByRole('button', { name: 'Heavy' }));
    expect(platform.impact).toHaveBeenCalledWith('heavy');
    expect(within(haptics).getByTestId('haptics-result').textContent).toBe('Heavy impact: this browser cannot vibrate the device.');
  });
});
