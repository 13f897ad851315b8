import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import TiptapEditor from './TiptapEditor';

const STORED = '<h2>Scope</h2><p>Mode 4<sup>1</sup> and CO<sub>2</sub> <b>bound</b></p><ol><li><p>one</p></li></ol>';

describe('TiptapEditor', () => {
  // <b> is read as bold and would be written back as <strong>: only an edit may rewrite the stored text.
  it('opening and leaving a stored statement changes nothing and keeps headings, superscript and lists', async () => {
    const onChange = vi.fn();
    render(<TiptapEditor value={STORED} onChange={onChange} label="Opening statement" />);
    const box = await screen.findByRole('textbox', { name: 'Opening statement' });
    expect(box.querySelector('h2')?.textContent).toBe('Scope');
    expect(box.querySelector('sup')?.textContent).toBe('1');
    expect(box.querySelector('sub')?.textContent).toBe('2');
    expect(box.querySelector('strong')?.textContent).toBe('bound');
    expect(box.querySelectorAll('ol li')).toHaveLength(1);
    act(() => {
      fireEvent.focus(box);
      box.focus();
      fireEvent.blur(box);
      box.blur();
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(onChange.mock.calls).toEqual([]);
  });
});
