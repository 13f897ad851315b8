import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { TranslationNote } from '@portal/shared';
import { untranslatedTexts } from './useOfferTranslation';
import { applyLanguage } from '../../../i18n';
import { stubAntdBrowserApis } from '../../profile/testing';
import { blankOfferDocument, blankSector } from '../contract';
import { TranslationNotice } from './TranslationNotice';

/** A translated copy's note as the server sends it (TranslationNote): nothing translated by machine. */
const NOTE: TranslationNote = {
  language: 'en',
  provider: 'vocabulary',
  sourceLanguage: null,
  machineTranslated: 0,
  fixedTerms: 0,
  untranslated: 0,
  overLimit: 0,
};

beforeEach(() => stubAntdBrowserApis());
afterAll(() => applyLanguage('en'));

describe('the note of a translated offer', () => {
  it('marks a machine translation and counts the texts left as written', () => {
    render(
      <TranslationNotice
        note={{
          language: 'fr',
          provider: 'libretranslate',
          sourceLanguage: 'en',
          machineTranslated: 3,
          fixedTerms: 0,
          untranslated: 2,
          overLimit: 0,
        }}
      />,
    );
    expect(screen.getByText('Machine translation')).toBeTruthy();
    expect(screen.getByText(/3 texts were translated by a machine translation service/)).toBeTruthy();
    expect(screen.getByText(/Texts left as written .*: 2/)).toBeTruthy();
  });

  it('says when the offer is already in the asked language, in Arabic too', async () => {
    await applyLanguage('ar');
    render(<TranslationNotice note={{ ...NOTE, language: 'en', sourceLanguage: 'en' }} />);
    expect(screen.getByText('العرض مكتوب بهذه اللغة أصلًا: يُعرض كما كُتب.')).toBeTruthy();
    expect(screen.queryByText('ترجمة آلية')).toBeNull();
    await applyLanguage('en');
  });
});

describe('untranslatedTexts', () => {
  it('does not mark a text already in the asked language', () => {
    const sector = blankSector('s1');
    const doc = { ...blankOfferDocument(), sectors: [sector] };
    const block = sector.sectorCommitement.limitationsMA;
    block.crossBorder.value = 'Foreign firms must partner with a local firm.';
    block.consumptionAbroad.value = "Les cabinets étrangers doivent s'associer à un cabinet local.";
    const copy = {
      ...structuredClone(doc),
      translation: { ...NOTE, language: 'fr' as const, sourceLanguage: 'en' as const, untranslated: 1 },
    };
    expect([...untranslatedTexts(doc, copy)]).toEqual(['Foreign firms must partner with a local firm.']);
  });
});
