import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { PasswordField, TextField } from './form-field';

describe('form field', () => {
  it('names its hint as the control’s description, and its error first once there is one', () => {
    const { rerender } = render(<TextField id="job-urls" label="File addresses" hint="Public http(s) addresses." />);
    const field = screen.getByLabelText('File addresses');
    expect(field.getAttribute('aria-describedby')).toBe('job-urls-hint');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    rerender(<TextField id="job-urls" label="File addresses" hint="Public http(s) addresses." error="Line 3: not an address." />);
    expect(field.getAttribute('aria-describedby')).toBe('job-urls-error job-urls-hint');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').id).toBe('job-urls-error');
    expect(screen.getByRole('alert').textContent).toBe('Line 3: not an address.');
  });

  it('describes nothing when it has neither hint nor error', () => {
    render(<TextField id="support-name" label="Name" />);
    expect(screen.getByLabelText('Name').getAttribute('aria-describedby')).toBeNull();
  });

  it('asks for a password, required, with the autocomplete it is given', () => {
    render(<PasswordField id="settings-new-password" label="New Password" autoComplete="new-password" />);
    const field = screen.getByLabelText('New Password') as HTMLInputElement;
    expect(field.type).toBe('password');
    expect(field.required).toBe(true);
    expect(field.autocomplete).toBe('new-password');
  });
});
