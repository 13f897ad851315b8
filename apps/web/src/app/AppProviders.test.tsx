import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './AppProviders';

function Motion() {
  return <output>{theme.useToken().token.motion ? 'animated' : 'still'}</output>;
}

const media = (reduce: boolean) => (query: string) => ({
  matches: reduce && query === '(prefers-reduced-motion: reduce)',
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
});

const renderProviders = () =>
  render(
    <AppProviders client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Motion />
    </AppProviders>,
  );

describe('the app providers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("turn antd's animations off for a user whose system asks for reduced motion", () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503 })),
    );
    vi.stubGlobal('matchMedia', media(true));
    renderProviders();
    expect(screen.getByRole('status').textContent).toBe('still');
  });

  it('keep them for everyone else', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503 })),
    );
    vi.stubGlobal('matchMedia', media(false));
    renderProviders();
    expect(screen.getByRole('status').textContent).toBe('animated');
  });
});
