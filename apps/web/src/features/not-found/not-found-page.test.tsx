import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderAt } from '@/test/render';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  it('shows 404 with a way home and logs the attempted path', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt(<NotFoundPage />, { path: '/missing/page' });
    expect(screen.getByRole('heading', { name: '404' })).toBeTruthy();
    expect(screen.getByText('Oops! Page not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(log).toHaveBeenCalledWith('404 Error: User attempted to access non-existent route:', '/missing/page');
  });
});
