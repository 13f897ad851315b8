import { describe, expect, it } from 'vitest';
import type { Offer } from '@portal/shared';
import { i18n } from '../../../i18n';
import { shownStatusText } from './latest';

const offerWith = (...statuses: Offer['offerVersions'][number]['status'][]) =>
  ({
    offerVersions: statuses.map((status, i) => ({ number: i + 1, status })),
  }) as unknown as Pick<Offer, 'offerVersions'>;

describe('shownStatusText', () => {
  it('says why a submitted initial offer shows as in progress, in each language', () => {
    expect(shownStatusText(offerWith('INITIAL_OFFER'), i18n.getFixedT('en'))).toBe('In progress (version 1 submitted)');
    expect(shownStatusText(offerWith('RETURNED', 'INITIAL_OFFER'), i18n.getFixedT('fr'))).toBe(
      'En cours (version 2 soumise)',
    );
  });

  it('keeps the plain status otherwise', () => {
    expect(shownStatusText(offerWith(), i18n.getFixedT('en'))).toBe('In progress');
    expect(shownStatusText(offerWith('INITIAL_OFFER', 'COMMITMENT'), i18n.getFixedT('en'))).toBe(
      i18n.getFixedT('en')('offers.status.COMMITMENT'),
    );
  });
});
