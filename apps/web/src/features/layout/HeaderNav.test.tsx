import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import '../../i18n';
import { HeaderNav } from './HeaderNav';

// jsdom has no ResizeObserver; antd's dropdown only needs it to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

describe('header links in the narrow-screen drawer', () => {
  afterEach(cleanup);

  it('closes the drawer when a link is followed, not when the Contact menu is opened', async () => {
    const onNavigate = vi.fn();
    render(
      <MemoryRouter>
        <HeaderNav vertical onNavigate={onNavigate} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Contact/ }));
    expect(onNavigate).not.toHaveBeenCalled();
    // The Contact menu's own links do follow a link.
    fireEvent.click(await screen.findByRole('link', { name: 'Write to the secretariat' }));
    expect(onNavigate).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('link', { name: 'FAQs' }));
    expect(onNavigate).toHaveBeenCalledTimes(2);
  });
});
