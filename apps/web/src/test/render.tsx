// Renders a screen as the app does (query client, toasts, a memory router at a given path), for
// component tests.
import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/lib/query-client';

export function renderAt(element: ReactElement, { path = '/', route = '*' }: { path?: string; route?: string } = {}): RenderResult {
  const router = createMemoryRouter([{ path: route, element }, { path: '*', element: <p>elsewhere</p> }], { initialEntries: [path] });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}
