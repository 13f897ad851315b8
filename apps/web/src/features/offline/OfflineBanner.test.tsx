import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { OfflineBanner } from './OfflineBanner';

const setOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
};

describe('the offline banner', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says the connection is gone while it is, and goes when it is back', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();

    setOnline(false);
    const banner = screen.getByRole('status');
    expect(banner.textContent).toContain('You are offline');
    expect(banner.textContent).toContain('Nothing can be saved or sent until the connection is back');

    setOnline(true);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
