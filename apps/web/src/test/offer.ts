/** The web tests' offer: Kenya's conditional initial offer, blank, editable by the signed-in user; `over` changes it. */
import type { Offer } from '@portal/shared';
import { blankOfferDocument } from '../features/offers/contract';

export const testOffer = (over: Partial<Offer> = {}): Offer =>
  ({
    ...blankOfferDocument(),
    name: 'Kenya Conditional Initial Offer',
    id: 'o1',
    submittedToAU: false,
    offerVersions: [],
    versions: 0,
    status: 'INITIAL_OFFER',
    regionCreated: false,
    regionNameCreator: null,
    countryNameCreator: 'Kenya',
    countryIdCreator: 1,
    countryCode: 'KE',
    respondedBy: [],
    revision: 1,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    permissions: { edit: true, submit: false, review: false },
    versionShown: null,
    ...over,
  }) as Offer;
