import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ShowMoreText } from './ShowMoreText';
const LONG = `<p>The Services Negotiation Portal is where the member states <strong>prepare</strong>, submit and discuss their schedules of commitments.</p>`;

describe('ShowMoreText', () => {
  it('shows a short text whole, without a toggle', () => {
    render(<ShowMoreText text="Short enough." />);
    expect(screen.getByText('Short enough.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('cuts a long rich text to its first 100 characters and reveals the whole, formatted, on demand', async () => {
    const { container } = render(<ShowMoreText html={LONG} />);
    const toggle = screen.getByRole('button', { name: 'Show more' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(container.textContent).toContain('…');
    expect(container.querySelector('strong')).toBeNull();

    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
    expect((await screen.findByText('prepare')).tagName).toBe('STRONG');
    expect(container.textContent).toContain('schedules of commitments.');
  });
});
