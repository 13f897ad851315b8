import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language.js';
import { SCHEDULE_TERMS, findFixedTerm, fixedTermIndex, translateFixedTerm } from './vocabulary.js';

describe('the language of a text', () => {
  it('tells English, French and Arabic schedule sentences apart', () => {
    expect(detectLanguage('Foreign law firms must partner with a local firm.')).toBe('en');
    expect(detectLanguage('<p>3) Foreign investment above USD 1 million requires approval of the ministry.</p>')).toBe(
      'en',
    );
    expect(detectLanguage("Les cabinets étrangers doivent s'associer à un cabinet local.")).toBe('fr');
    expect(detectLanguage('Néant pour les non-résidents')).toBe('fr');
    expect(detectLanguage('يجب على الشركات الأجنبية الشراكة مع شركة محلية')).toBe('ar');
  });

  it('says nothing when a text is too short to tell', () => {
    expect(detectLanguage('')).toBeNull();
    expect(detectLanguage('USD 1 000 000')).toBeNull();
    expect(detectLanguage('<p>&nbsp;</p>')).toBeNull();
  });
});

describe('fixed terms: translated only when the whole value is the term', () => {
  it('translates every schedule term between the three languages and back', () => {
    for (const term of SCHEDULE_TERMS)
      for (const from of ['en', 'fr', 'ar'] as const)
        for (const to of ['en', 'fr', 'ar'] as const) expect(translateFixedTerm(term[from], to)).toBe(term[to]);
  });

  it('leaves a sentence that holds a term as free text', () => {
    expect(translateFixedTerm('None of the above', 'fr')).toBeUndefined();
    expect(translateFixedTerm('Unbound for non-residents', 'fr')).toBeUndefined();
    expect(translateFixedTerm('لا-tertiary', 'en')).toBeUndefined();
    expect(translateFixedTerm('<p>None</p>', 'fr')).toBe('<p>Néant</p>');
  });

  it('takes more terms (country names, W/120 titles) from an index, never an empty spelling', () => {
    const more = fixedTermIndex([
      { en: 'Senegal', fr: 'Sénégal', ar: 'السنغال' },
      { en: 'Hotels', fr: '', ar: '' },
    ]);
    expect(translateFixedTerm('Sénégal', 'ar', more)).toBe('السنغال');
    expect(findFixedTerm('senegal', more)?.fr).toBe('Sénégal');
    expect(translateFixedTerm('Hotels', 'fr', more)).toBeUndefined();
    expect(translateFixedTerm('Senegal', 'fr')).toBeUndefined();
  });
});
