import { describe, expect, it } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { CountryBadge } from './CountryBadge';

describe('CountryBadge', () => {
  it('shows the code when the image is missing, and tries the image again for another code', () => {
    const { container, rerender } = render(<CountryBadge code="xk" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('XK');

    rerender(<CountryBadge code="gh" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/flags/gh.svg');
    expect(container.textContent).toBe('');
  });
});
