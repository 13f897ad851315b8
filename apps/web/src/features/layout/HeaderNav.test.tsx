import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { HeaderNav } from './HeaderNav';

describe('header links in the narrow-screen drawer', () => {
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
