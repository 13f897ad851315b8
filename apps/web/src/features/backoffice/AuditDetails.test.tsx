import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AuditLog } from '@portal/shared';
import { i18n } from '../../i18n';
import { testCountry } from '../../test/country';
import { AuditDetails } from './AuditDetails';
import { detailsText } from './auditValue';

const OFFER_ID = '0b6f2c55-6a43-4a57-9d3c-1f0f4b1f6a10';

/** The cell as the audit screen draws it, the countries already loaded (Kenya named in each language). */
function renderDetails(row: Pick<AuditLog, 'value' | 'offer' | 'room'>) {
  const client = new QueryClient();
  client.setQueryData(['countries'], [testCountry(1, 'KE', 'Kenya', { nameFr: 'Kenya (fr)', nameAr: 'كينيا' })]);
  return render(
    <QueryClientProvider client={client}>
      <AuditDetails row={row} />
    </QueryClientProvider>,
  );
}

afterEach(() => i18n.changeLanguage('en'));

describe('AuditDetails', () => {
  const named = { id: OFFER_ID, name: 'Kenya services offer', countryCode: 'KE', countryName: 'Kenya' };

  it("shows the offer's name as written and its country in the interface language, the id in the tooltip", async () => {
    await i18n.changeLanguage('ar');
    const { container } = renderDetails({ value: { offerId: OFFER_ID, revision: 3 }, offer: named, room: null });
    const name = screen.getByText('Kenya services offer');
    // The name is isolated (it keeps its own direction in the Arabic screen) and never translated.
    expect(name.getAttribute('dir')).toBe('auto');
    expect(container.textContent).toContain('العرض:');
    expect(container.textContent).toContain('كينيا');
    expect(container.querySelector(`[title="${OFFER_ID}"]`)).not.toBeNull();
    // The id is named above, so the lines below keep only the rest.
    expect(container.querySelector('pre')?.textContent).toBe('revision: 3');
  });

  it("does not repeat the offer's country code below its name, but keeps another country's", () => {
    const own = renderDetails({ value: { offerId: OFFER_ID, country: 'KE' }, offer: named, room: null });
    expect(own.container.querySelector('pre')).toBeNull();
    own.unmount();
    const other = renderDetails({ value: { offerId: OFFER_ID, country: 'UG' }, offer: named, room: null });
    expect(other.container.querySelector('pre')?.textContent).toBe('country: UG');
  });

  it('says so when no offer has the id any more, in each language', async () => {
    const gone = { id: OFFER_ID, name: null, countryCode: null, countryName: null };
    for (const [language, words] of [
      ['en', '(deleted offer)'],
      ['fr', '(offre supprimée)'],
      ['ar', '(عرض محذوف)'],
    ] as const) {
      await i18n.changeLanguage(language);
      const { container, unmount } = renderDetails({ value: { offerId: OFFER_ID }, offer: gone, room: null });
      expect(screen.getByText(words)).toBeTruthy();
      expect(container.textContent).not.toContain(`offerId: ${OFFER_ID}`);
      expect(container.querySelector(`[title="${OFFER_ID}"]`)).not.toBeNull();
      unmount();
    }
  });

  it('names the conversation, and shows a value about nothing named as before', () => {
    const { container } = renderDetails({
      value: { roomId: OFFER_ID },
      offer: null,
      room: { id: OFFER_ID, title: 'Kenya – Ghana negotiation' },
    });
    expect(screen.getByText('Kenya – Ghana negotiation')).toBeTruthy();
    expect(container.querySelector('pre')).toBeNull();
    renderDetails({ value: { reason: 'wrong password' }, offer: null, room: null });
    expect(screen.getByText('reason: wrong password')).toBeTruthy();
  });
});

describe('detailsText', () => {
  it('writes the value as lines, objects inside as JSON, leaving out the keys named', () => {
    expect(detailsText({ offerId: 'x', a: 1, b: { c: true } }, ['offerId'])).toBe('a: 1\nb: {"c":true}');
    expect(detailsText('plain')).toBe('plain');
  });
});
