import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { MESSAGES } from '@portal/shared';
import { ApiError } from '../../api/http';
import en from '../../i18n/en.json';
import fr from '../../i18n/fr.json';
import { offerErrorText } from './errors';

describe('what the offers screens say when a call fails', () => {
  const t = i18n.createInstance();
  void t.init({ resources: { en: { translation: en }, fr: { translation: fr } }, lng: 'en', initAsync: false });

  it('says the lease and stale-save cases in the interface language', () => {
    expect(offerErrorText(new ApiError(409, 'x', 'NOT_OPEN'), t.t)).toBe('Offer already opened by another user');
    expect(offerErrorText(new ApiError(409, 'Reworded stale message', 'OFFER_STALE'), t.t)).toBe(MESSAGES.offerStale);
    void t.changeLanguage('fr');
    expect(offerErrorText(new ApiError(409, 'x', 'NOT_OPEN'), t.t)).toBe('Offre déjà ouverte par un autre utilisateur');
    void t.changeLanguage('en');
  });

  it('translates the refusals by code, and shows other 4xx messages as sent', () => {
    expect(offerErrorText(new ApiError(422, 'Reworded', 'OFFER_FINAL'), t.t)).toBe(MESSAGES.offerFinalized);
    expect(offerErrorText(new ApiError(422, MESSAGES.countryInactive, 'COUNTRY_INACTIVE'), t.t)).toBe(
      MESSAGES.countryInactive,
    );
    expect(offerErrorText(new ApiError(400, 'sectors.0.services: too many', 'VALIDATION'), t.t)).toBe(
      'sectors.0.services: too many',
    );
    expect(offerErrorText(new ApiError(413, 'Payload Too Large', 'HTTP_413'), t.t)).toMatch(/too large/);
  });

  it("falls back to the spec's message for server failures and anything unknown", () => {
    expect(offerErrorText(new ApiError(500, 'boom', 'INTERNAL'), t.t)).toBe(
      'An error occurred, please refresh the page',
    );
    expect(offerErrorText(new Error('x'), t.t)).toBe('An error occurred, please refresh the page');
    expect(offerErrorText(new ApiError(0, 'Network error', 'NETWORK'), t.t)).toMatch(/cannot be reached/);
  });
});
