import { describe, expect, it } from 'vitest';
import { findFixedTerm, translateFixedTerm } from './vocabulary.js';

describe('the glossary of standard phrases', () => {
  it('reads the usual spellings of a phrase as the phrase, whole values only', () => {
    for (const spelling of [
      'Unbound except as indicated in the horizontal section',
      'Unbound, except as indicated in the horizontal section.',
      'unbound except as indicated in horizontal commitments',
      '<p>Unbound, except as indicated in the horizontal section</p>',
    ])
      expect(translateFixedTerm(spelling, 'fr'), spelling).toMatch(
        /Non consolidé, sauf indications figurant dans la section horizontale/,
      );
    expect(translateFixedTerm('Unbound except as indicated in the horizontal section for lawyers', 'fr')).toBe(
      undefined,
    );
  });

  it('keeps a final full stop and a wrapping paragraph, and reads "Unbound *" as Unbound*', () => {
    expect(translateFixedTerm('None.', 'fr')).toBe('Néant.');
    expect(translateFixedTerm('<p>None.</p>', 'ar')).toBe('<p>لا يوجد.</p>');
    expect(translateFixedTerm('None', 'fr')).toBe('Néant');
    expect(translateFixedTerm('Unbound *', 'fr')).toBe('Non consolidé*');
    expect(translateFixedTerm('Unbound (*)', 'ar')).toBe('غير ملزم*');
    expect(translateFixedTerm('Non consolidé sauf indication contraire dans la section horizontale', 'en')).toBe(
      'Unbound except as indicated in the horizontal section',
    );
  });

  it('leaves free text alone', () => {
    expect(findFixedTerm('None, except for banks.')).toBe(undefined);
    expect(findFixedTerm('Foreign equity limited to 49 per cent.')).toBe(undefined);
  });
});
