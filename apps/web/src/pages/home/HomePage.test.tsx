import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import HomePage from './HomePage';

function renderHome() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <MemoryRouter>
          <HomePage />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

describe('home page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says so when GET /home fails (spec: home load failure)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/home'
          ? new Response(JSON.stringify({ message: 'boom', code: 'INTERNAL' }), { status: 500 })
          : new Response(JSON.stringify({ payload: [] }), { status: 200 }),
      ),
    );
    renderHome();
    expect(await screen.findByText('Something is wrong please you network')).toBeTruthy();
  });

  it('shows no failure when the home page loads', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ payload: [] }), { status: 200 })),
    );
    renderHome();
    await screen.findByRole('heading', { level: 1 });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Something is wrong please you network')).toBeNull();
  });
});
