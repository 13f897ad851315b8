import { describe, expect, it } from 'vitest';
import { escapeStrayAngles, isRichText } from './markup.js';

describe('stored text: rich or plain', () => {
  it("tells the editor's markup from text typed with angle brackets", () => {
    expect(isRichText('<p>None</p>')).toBe(true);
    expect(isRichText('Line one<br>line two')).toBe(true);
    expect(isRichText('<strong>Unbound</strong> except as indicated')).toBe(true);
    expect(isRichText('See <Annex B> & the horizontal section')).toBe(false);
    expect(isRichText('Equity < 49 % & > 10 %')).toBe(false);
  });

  it('escapes only the < that start no markup', () => {
    expect(escapeStrayAngles('See <Annex B> & more')).toBe('See &lt;Annex B> & more');
    expect(escapeStrayAngles('<p>Equity <49 % <strong>only</strong></p>')).toBe(
      '<p>Equity &lt;49 % <strong>only</strong></p>',
    );
    expect(escapeStrayAngles('<p>x</p><!-- c --><o:p></o:p>')).toBe('<p>x</p><!-- c --><o:p></o:p>');
    expect(escapeStrayAngles('no angle')).toBe('no angle');
  });
});
