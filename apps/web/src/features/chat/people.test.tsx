import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Flag } from './people';
describe('a chat flag', () => {
  it("is the country's flag image chosen by lower-case code, not regional-indicator emoji that Windows cannot draw", () => {
    render(<Flag code="KE" size={28} />);
    const flag = screen.getByRole('img', { name: 'KE' });
    expect(flag.querySelector('img')?.getAttribute('src')).toBe('/flags/ke.svg');
    expect(/\p{Regional_Indicator}/u.test(flag.textContent ?? '')).toBe(false);
  });

  it('falls back to the code in a round badge when there is no image', () => {
    render(<Flag code="KE" size={28} />);
    fireEvent.error(screen.getByRole('img', { name: 'KE' }).querySelector('img')!);
    expect(screen.getByRole('img', { name: 'KE' }).querySelector('.country-badge')?.textContent).toBe('KE');
  });
});
