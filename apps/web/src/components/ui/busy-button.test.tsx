import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { BusyButton } from './busy-button';

describe('busy button', () => {
  it('shows its icon and label, then, while busy, is disabled and says its busy words', () => {
    const { rerender } = render(
      <BusyButton type="submit" busy={false} busyLabel="Saving..." icon={<svg data-testid="icon" />}>
        Save Preferences
      </BusyButton>,
    );
    const button = screen.getByRole('button') as HTMLButtonElement;
    expect(button.textContent).toBe('Save Preferences');
    expect(button.disabled).toBe(false);
    expect(screen.getByTestId('icon')).toBeTruthy();

    rerender(
      <BusyButton type="submit" busy busyLabel="Saving..." icon={<svg data-testid="icon" />}>
        Save Preferences
      </BusyButton>,
    );
    expect(button.textContent).toBe('Saving...');
    expect(button.disabled).toBe(true);
    expect(screen.queryByTestId('icon')).toBeNull();
  });

  it('stays disabled when its caller says so, busy or not', () => {
    render(
      <BusyButton busy={false} busyLabel="Updating..." disabled>
        Update Email
      </BusyButton>,
    );
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(true);
  });
});
