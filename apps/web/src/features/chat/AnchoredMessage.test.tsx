import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ChatAnchor, ChatMessage, Country } from '@portal/shared';
import { applyLanguage } from '../../i18n';
import { stubAntdBrowserApis } from '../profile/testing';
import { testMessage } from '../../test/chat';
import { MessageItem } from './MessageItem';

configure({ asyncUtilTimeout: 8000 });

const country = (id: number, code: string, name: string, nameFr: string, nameAr: string): Country => ({
  id,
  code,
  name,
  nameFr,
  nameAr,
  alpha3: code + 'X',
  regionId: 1,
  active: true,
});
const countries = [country(1, 'SN', 'Senegal', 'Sénégal', 'السنغال'), country(2, 'KE', 'Kenya', 'Kenya', 'كينيا')];

const requestAnchor: ChatAnchor = {
  kind: 'request',
  offerId: 'o1',
  requestId: 'q1',
  offerName: 'Kenya Conditional Initial Offer',
  requestingCountryCode: 'SN',
  requestedCountryCode: 'KE',
  sectors: [
    { code: '1.A.a', title: 'Legal services' },
    { code: '9.A', title: 'Hotels and restaurants' },
  ],
  sectorCount: 7,
  note: 'Please bind mode 3.',
};
const entryAnchor: ChatAnchor = {
  kind: 'entry',
  responseId: 'resp1',
  offerId: 'o1',
  entryKey: 's.abc.MA.commercialPresence',
  offerCountryCode: 'KE',
  responderCountryCode: 'SN',
  sectorCodes: ['1.A.a'],
  sectorTitle: 'Legal services',
  part: 'SECTOR',
  block: 'MA',
  mode: 'commercialPresence',
  original: 'Unbound',
  proposed: 'None',
};
/** The stored text an anchor-blind client shows: never what this screen shows. */
const anchored = (anchor: ChatAnchor): ChatMessage =>
  testMessage({ conversation: 'Stored wording of the author', anchor });

beforeEach(() => {
  stubAntdBrowserApis();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async (url: string) =>
        new Response(JSON.stringify({ payload: String(url).includes('countries') ? countries : {} }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => applyLanguage('en'));

function show(message: ChatMessage, mine = false) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AntApp>
          <MessageItem message={message} mine={mine} />
        </AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
/** The text of an element, its lines (paragraphs, list items) joined by ' | '. */
const text = (el: HTMLElement) =>
  [...el.querySelectorAll('p, li, a')].map((e) => e.textContent?.replace(/\s+/g, ' ').trim()).join(' | ');

describe('a message anchored to a request', () => {
  it('is written in English from its anchor, with a link to the request', async () => {
    await applyLanguage('en');
    show(anchored(requestAnchor));
    const group = screen.getByRole('group', { name: 'Message about a request' });
    await within(group).findByText('Senegal');
    expect(text(group)).toContain(
      'Request from Senegal to Kenya on Kenya Conditional Initial Offer (7 sectors): | 1.A.a Legal services | ' +
        '9.A Hotels and restaurants | and 5 more | Note: “Please bind mode 3.” | Open the request',
    );
    expect(within(group).getByRole('link', { name: 'Open the request' }).getAttribute('href')).toBe(
      '/request-offer/o1/q1',
    );
    expect(screen.queryByText('Stored wording of the author')).toBeNull();
    // The code keeps its order in any direction.
    expect(within(group).getByText('1.A.a').closest('bdi')?.getAttribute('dir')).toBe('ltr');
    // Nothing to translate, nothing of one's own to edit: the sentence is the reader's already.
    expect(screen.queryByRole('button', { name: 'Translate' })).toBeNull();
  });

  it('is written in French, the countries named in French', async () => {
    await applyLanguage('fr');
    show(anchored({ ...requestAnchor, sectors: requestAnchor.sectors.slice(0, 1), sectorCount: 1, note: '' }), true);
    const group = screen.getByRole('group', { name: "Message au sujet d'une demande" });
    await within(group).findByText('Sénégal');
    expect(text(group)).toContain(
      'Demande de Sénégal à Kenya concernant Kenya Conditional Initial Offer (1 secteur) : | 1.A.a Legal services | Ouvrir',
    );
    expect(text(group)).not.toContain('Note');
    expect(within(group).getByRole('link', { name: 'Ouvrir la demande' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Modifier le message' })).toBeNull();
  });
});

describe('a message anchored to an entry of a counter offer', () => {
  it('names the sector, the block, the mode and the change in English, with a link to the entry', async () => {
    await applyLanguage('en');
    show(anchored(entryAnchor));
    const group = screen.getByRole('group', { name: 'Message about an entry of a counter offer' });
    await within(group).findByText('Senegal');
    expect(text(group)).toContain('Counter offer from Senegal on the offer of Kenya:');
    expect(text(group)).toContain('1.A.a Legal services — Market access — 3) Commercial presence');
    expect(text(group)).toContain('Original: Unbound → proposed: None');
    expect(within(group).getByRole('link', { name: 'Open the entry' }).getAttribute('href')).toBe(
      '/compare-versions/o1/resp1?entry=s.abc.MA.commercialPresence',
    );
  });

  it('is written in French, an empty side said so; a horizontal entry is named by its part', async () => {
    await applyLanguage('fr');
    show(
      anchored({
        ...entryAnchor,
        part: 'HORIZONTAL',
        block: 'NT',
        mode: null,
        sectorCodes: [],
        sectorTitle: 'All sectors',
        original: '',
        proposed: 'Néant',
      }),
    );
    const group = screen.getByRole('group', { name: "Message au sujet d'une entrée d'une contre-offre" });
    await within(group).findByText('Sénégal');
    expect(text(group)).toContain("Contre-offre de Sénégal sur l'offre de Kenya :");
    expect(text(group)).toContain('Engagements horizontaux All sectors — Traitement national');
    expect(text(group)).toContain('Texte initial : (vide) → proposé : Néant');
    expect(within(group).getByRole('link', { name: "Ouvrir l'entrée" })).toBeTruthy();
  });

  it('reads right to left in Arabic, the arrow pointing to the proposal and the code kept whole', async () => {
    await applyLanguage('ar');
    show(anchored(entryAnchor));
    const group = screen.getByRole('group', { name: 'رسالة بشأن بند من عرض مضاد' });
    await within(group).findByText('السنغال');
    expect(text(group)).toContain('النص الأصلي: Unbound ← المقترح: None');
    expect(within(group).getByText('1.A.a').closest('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(within(group).getByText('None').closest('bdi')?.getAttribute('dir')).toBe('auto');
  });
});
