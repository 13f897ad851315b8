import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Country, Profile, ResponseSummary } from '@portal/shared';
import { applyLanguage } from '../../i18n';
import { stubAntdBrowserApis } from '../profile/testing';
import { PROFILE_KEY } from '../session/useSession';
import { SendCounterOfferButton } from './SendCounterOffer';
import { itemAt } from '../../test/itemAt';

configure({ asyncUtilTimeout: 8000 });

const countries: Country[] = [
  {
    id: 1,
    code: 'SN',
    name: 'Senegal',
    nameFr: 'Sénégal',
    nameAr: 'السنغال',
    alpha3: 'SEN',
    regionId: 1,
    active: true,
  },
];
const draft: ResponseSummary = {
  id: 'resp1',
  offerId: 'o1',
  offerName: 'Senegal Conditional Initial Offer',
  offerCountryCode: 'SN',
  offerCountryName: 'Senegal',
  versionNumber: 2,
  responderCountryCode: 'KE',
  responderCountryName: 'Kenya',
  authorName: 'Focal Point',
  pdfFileKey: null,
  createdAt: '2026-01-01T00:00:00Z',
  changedEntries: 3,
  status: 'DRAFT',
  sentAt: null,
};

const chief = { userId: 'u1', role: 'CHIEF_NEGOTIATOR', countryCode: 'KE' } as Profile;

let sent: string[] = [];
beforeEach(() => {
  stubAntdBrowserApis();
  sent = [];
  localStorage.setItem('access_token', 'a');
  localStorage.setItem('refresh_token', 'r');
  localStorage.setItem('access_exp', String(Date.now() + 600_000));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if ((init?.method ?? 'GET') !== 'GET') sent.push(`${init?.method} ${String(url)}`);
      // The profile is read again on mount; the send answers the counter offer sent.
      const payload = String(url).endsWith('/send') ? { ...draft, status: 'SENT' } : chief;
      return new Response(JSON.stringify({ payload }), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});
afterAll(() => applyLanguage('en'));

function renderButton() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(PROFILE_KEY, chief);
  client.setQueryData(['countries'], countries);
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <SendCounterOfferButton summary={draft} />
      </AntApp>
    </QueryClientProvider>,
  );
}
const lastButton = async (name: string | RegExp) => (await screen.findAllByRole('button', { name })).at(-1)!;

describe("sending a draft counter offer in the country's name", { timeout: 20_000 }, () => {
  it('asks first, naming the country answered and the number of changes; going back sends nothing', async () => {
    await applyLanguage('en');
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: /Send in the country’s name$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this counter offer?' });
    expect(dialog.textContent).toContain(
      'It answers the offer of Senegal. Changed entries: 3. Senegal will see it and be told.',
    );
    fireEvent.click(await lastButton('Back'));
    expect(sent).toEqual([]);

    fireEvent.click(itemAt(screen.getAllByRole('button', { name: /Send in the country’s name$/ }), 0));
    fireEvent.click(await lastButton(/^Send in the country’s name$/));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatch(/^POST .*resp1/);
  });

  it('names the country in the interface language (French)', async () => {
    await applyLanguage('fr');
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: /Envoyer au nom du pays$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer cette contre-offre ?' });
    expect(dialog.textContent).toContain(
      'Elle répond à l’offre de Sénégal. Entrées modifiées : 3. Sénégal la verra et en sera informé.',
    );
  });
});
