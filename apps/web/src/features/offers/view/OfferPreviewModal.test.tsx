import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { OfferDocument, TranslationNote } from '@portal/shared';
import { stubAntdBrowserApis } from '../../profile/testing';
import { blankOfferDocument, blankSector } from '../contract';
import { OfferPreviewModal } from './OfferPreviewModal';
import { untranslatedTexts } from './useOfferTranslation';
import { itemAt } from '../../../test/itemAt';

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

configure({ asyncUtilTimeout: 8000 });

const LIMITATION = 'Only through a locally incorporated firm';

/**
 * A sector title as read: its code is isolated in its own <bdi> (left to right in Arabic), so the title spans nodes.
 */
const sectorTitle = (text: string) => (_: string, el: Element | null) =>
  el?.tagName === 'STRONG' && el.textContent === text;

function offer(title: string, name: string): OfferDocument {
  const sector = { ...blankSector('s1'), services: [{ title, value: '1.A.a', key: 'W120:1.A.a' }] };
  sector.sectorCommitement.limitationsMA.crossBorder.value = LIMITATION;
  return { ...blankOfferDocument(), name, sectors: [sector] };
}

const original = offer('Legal services', 'Kenya Conditional Initial Offer');
const TRANSLATED = {
  fr: offer('Services juridiques', 'Offre initiale conditionnelle du Kenya'),
  ar: offer('الخدمات القانونية', 'العرض الأولي المشروط لكينيا'),
};

let calls: { url: string; method: string }[];

beforeEach(() => {
  stubAntdBrowserApis();
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      // The regional logo asks for the settings: not this test's concern.
      if (!url.startsWith('/api/offers/'))
        return new Response(JSON.stringify({ payload: null }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      calls.push({ url, method: init.method ?? 'GET' });
      const lang = new URL(url, 'http://x').searchParams.get('lang') as 'fr' | 'ar';
      // The server's answer: the copy, and how many texts it left as written (the limitation here).
      const payload = { ...TRANSLATED[lang], translation: { ...NOTE, language: lang, untranslated: 1 } };
      return new Response(JSON.stringify({ payload }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPreview(offerId?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <OfferPreviewModal open doc={original} offerId={offerId} onClose={() => undefined} />
      </AntApp>
    </QueryClientProvider>,
  );
}

describe('the offer preview in another language', () => {
  it('shows the sector titles translated into French, read-only, with the texts left as written marked', async () => {
    renderPreview();
    expect(screen.getByText(sectorTitle('1.A.a Legal services'))).toBeTruthy();
    fireEvent.click(screen.getByText('Français'));

    expect(await screen.findByText(sectorTitle('1.A.a Services juridiques'))).toBeTruthy();
    expect(screen.queryByText(sectorTitle('1.A.a Legal services'))).toBeNull();
    expect(calls).toEqual([{ url: '/api/offers/translateOffer?lang=fr', method: 'POST' }]);
    // The document headings follow the language of the copy.
    expect(screen.getByText('Engagements spécifiques')).toBeTruthy();
    expect(screen.getByText(/Texts left as written \(no translation found\): 1/)).toBeTruthy();
    const limitation = screen.getByText(new RegExp(LIMITATION));
    expect(limitation.closest('.untranslated-text')).not.toBeNull();
    expect(screen.getByText('Offre initiale conditionnelle du Kenya').closest('.untranslated-text')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('turns the copy right-to-left in Arabic, and translates a stored offer by its id', async () => {
    renderPreview('offer-1');
    fireEvent.click(screen.getByText('العربية'));

    const title = await screen.findByText(sectorTitle('1.A.a الخدمات القانونية'));
    expect(title.closest('[dir="rtl"]')).not.toBeNull();
    // The code keeps its order inside the Arabic copy.
    expect(title.querySelector('bdi[dir="ltr"]')?.textContent).toBe('1.A.a');
    expect(calls).toEqual([
      { url: '/api/offers/translateOfferById?lang=ar&offerId=offer-1&type=PARENT', method: 'POST' },
    ]);

    fireEvent.click(screen.getByText('As written'));
    await waitFor(() => expect(screen.getByText(sectorTitle('1.A.a Legal services'))).toBeTruthy());
  });
});

describe('untranslatedTexts', () => {
  it('finds the free texts equal in the original and in the copy, not the commitment levels', () => {
    const copy = {
      ...structuredClone(TRANSLATED.fr),
      translation: { ...NOTE, language: 'fr' as const, sourceLanguage: 'en' as const, untranslated: 1 },
    };
    itemAt(copy.sectors, 0).sectorCommitement.limitationsMA.consumptionAbroad.value = 'None';
    const found = untranslatedTexts({ ...original, sectors: [{ ...itemAt(original.sectors, 0) }] }, copy);
    expect([...found]).toEqual([LIMITATION]);
  });
});
