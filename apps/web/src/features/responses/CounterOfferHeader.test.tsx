import { afterAll, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ResponseSummary } from '@portal/shared';
import { applyLanguage } from '../../i18n';
import { testCountry } from '../../test/country';
import { CounterOfferHeader } from './CounterOfferHeader';

const summary: ResponseSummary = {
  id: 'r1',
  offerId: 'o1',
  offerName: 'Kenya Conditional Initial Offer',
  offerCountryCode: 'KE',
  offerCountryName: 'Kenya',
  versionNumber: 2,
  responderCountryCode: 'SN',
  responderCountryName: 'Senegal',
  authorName: 'Aïssatou Ndiaye',
  pdfFileKey: null,
  createdAt: '2026-11-28T10:00:00Z',
  changedEntries: 1,
  status: 'SENT',
  sentAt: '2026-11-28T10:00:00Z',
};

afterAll(() => applyLanguage('en'));

describe('CounterOfferHeader', () => {
  it('isolates the offer, the countries, the author and the date in the Arabic sentences', async () => {
    await applyLanguage('ar');
    const client = new QueryClient();
    client.setQueryData(
      ['countries'],
      [testCountry(1, 'KE', 'Kenya', { nameAr: 'كينيا' }), testCountry(2, 'SN', 'Senegal', { nameAr: 'السنغال' })],
    );
    const { container } = render(
      <QueryClientProvider client={client}>
        <CounterOfferHeader summary={summary} />
      </QueryClientProvider>,
    );
    const [line, by] = [...container.querySelectorAll('.counter-header-meta')];
    const isolated = (p: Element) => [...p.querySelectorAll('bdi[dir="auto"]')].map((b) => b.textContent);
    expect(isolated(line!)).toEqual(['السنغال', 'Kenya Conditional Initial Offer', 'كينيا']);
    expect(line!.textContent).toContain('«Kenya Conditional Initial Offer»');
    // "بواسطة Aïssatou Ndiaye، 28/11/2026": the name and the date each in its own isolate.
    const [author, date] = isolated(by!);
    expect(author).toBe('Aïssatou Ndiaye');
    expect(date).toMatch(/2026/);
    expect(by!.textContent).toContain(`بواسطة Aïssatou Ndiaye، ${date}`);
  });
});
