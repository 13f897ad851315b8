import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { StoredTextView } from './RichTextView';

afterEach(cleanup);

describe('a plain field shown as stored', () => {
  it('shows "<" and "&" typed as text, with its line breaks', () => {
    const { container } = render(<StoredTextView text={'See <Annex B> & <Annex C>.\nSecond line'} />);
    expect(container.textContent).toBe('See <Annex B> & <Annex C>.\nSecond line');
    expect(container.querySelector('annex')).toBeNull();
  });

  it("reads the editor's markup stored in a plain field as rich text, never showing tags", () => {
    const { container } = render(<StoredTextView text="<p>Subject to <strong>approval</strong></p>" />);
    expect(container.textContent).toBe('Subject to approval');
    expect(container.querySelector('strong')?.textContent).toBe('approval');
  });
});
