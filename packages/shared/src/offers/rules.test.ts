import { describe, expect, it } from 'vitest';
import { blankOfferDocument, blankSector } from './template.js';
import {
  canSubmitAfter,
  displayedStatus,
  mayDiscussOffer,
  mayEditOffer,
  countNormalizedSectors,
  normalizeSectors,
  offerNameFor,
  roleMaySubmit,
  sectorTooltipCodes,
  submitLabel,
} from './rules.js';
import { writesCountryOffer } from '../roles.js';
import { offerDocumentSchema, sectorSchema, tableCellSchema } from './schema.js';

const withServices = (id: string, codes: string[], field: 'provisional_codes' | 'cpc_codes' = 'provisional_codes') => ({
  ...blankSector(id),
  services: [{ title: 'Legal services', value: '861', key: '1.A.a' }],
  [field]: codes,
});

describe('offer rules', () => {
  it("names a country's new offer in its author's language, with the country's name in that language", () => {
    const senegal = { name: 'Senegal', nameFr: 'Sénégal', nameAr: 'السنغال' };
    expect(offerNameFor(senegal, 'en')).toBe('Senegal Conditional Initial Offer');
    expect(offerNameFor(senegal, 'fr')).toBe('Offre initiale conditionnelle\u00a0: Sénégal');
    expect(offerNameFor(senegal, 'ar')).toBe('العرض الأولي المشروط: السنغال');
    // A country without a French name keeps its English one inside the French title.
    expect(offerNameFor({ ...senegal, nameFr: '' }, 'fr-FR')).toBe('Offre initiale conditionnelle\u00a0: Senegal');
  });

  it('shows an offer whose latest version is INITIAL_OFFER as IN_PROGRESS', () => {
    expect(displayedStatus(null)).toBe('IN_PROGRESS');
    expect(displayedStatus('INITIAL_OFFER')).toBe('IN_PROGRESS');
    expect(displayedStatus('RETURNED')).toBe('RETURNED');
    expect(displayedStatus('COMMITMENT')).toBe('COMMITMENT');
  });

  it('opens final submission with no versions, or after RETURNED or COMMITMENT', () => {
    expect(canSubmitAfter(null)).toBe(true);
    expect(canSubmitAfter('RETURNED')).toBe(true);
    expect(canSubmitAfter('COMMITMENT')).toBe(true);
    for (const s of ['INITIAL_OFFER', 'REVISED_OFFER', 'FINAL_OFFER', 'IN_PROGRESS'] as const)
      expect(canSubmitAfter(s)).toBe(false);
  });

  it('lets chief negotiators submit, focal points only draft, the secretariat submit what it created', () => {
    expect(roleMaySubmit('CHIEF_NEGOTIATOR', false)).toBe(true);
    expect(roleMaySubmit('SERVICE_FOCAL_POINT', false)).toBe(false);
    expect(roleMaySubmit('AFRICAN_UNION', true)).toBe(true);
    expect(roleMaySubmit('AFRICAN_UNION', false)).toBe(false);
    expect(roleMaySubmit('REGIONAL_ADVISOR', true)).toBe(false);
  });

  it('labels the final button by case', () => {
    expect(submitLabel({ latestVersionStatus: null })).toBe('sentToAU');
    expect(submitLabel({ latestVersionStatus: 'RETURNED' })).toBe('updateOffer');
    expect(submitLabel({ request: true, latestVersionStatus: null })).toBe('submitRequest');
  });

  it('shows at most 5 codes in a tab tooltip, each cut to 35 characters', () => {
    const services = Array.from({ length: 7 }, (_, i) => ({
      title: `A very long service title number ${i} indeed`,
      value: `86${i}`,
      key: `k${i}`,
    }));
    const codes = sectorTooltipCodes({ services });
    expect(codes).toHaveLength(5);
    expect(codes.every((c) => c.length <= 36)).toBe(true);
    expect(codes[0]).toBe('860 A very long service title numbe…');
  });

  it('drops sectors without services and splits sectors with several codes', () => {
    let n = 0;
    const out = normalizeSectors(
      [
        withServices('a', ['861']),
        { ...blankSector('b') },
        withServices('c', ['8671', '8672']),
        withServices('d', ['84', '85'], 'cpc_codes'),
      ],
      () => `new-${++n}`,
    );
    expect(out.map((s) => [s.sectorId, s.provisional_codes, s.cpc_codes])).toEqual([
      ['a', ['861'], []],
      ['c', ['8671'], []],
      ['new-1', ['8672'], []],
      ['d', [], ['84']],
      ['new-2', [], ['85']],
    ]);
  });

  it('counts what the split will produce without making it', () => {
    const sectors = [
      withServices('a', ['861']),
      { ...blankSector('b') },
      withServices('c', ['8671', '8672']),
      withServices('d', ['84', '85', '86'], 'cpc_codes'),
    ];
    expect(countNormalizedSectors(sectors)).toBe(normalizeSectors(structuredClone(sectors), () => 'x').length);
    expect(countNormalizedSectors(sectors)).toBe(6);
  });
});

describe('offer schemas', () => {
  it('accepts the blank template and fills defaults: Unbound* everywhere, W_120', () => {
    expect(offerDocumentSchema.parse(blankOfferDocument())).toEqual(blankOfferDocument());
    const sector = sectorSchema.parse(blankSector('s1'));
    expect(sector.type).toBe('W_120');
    expect(sector.sectorCommitement.limitationsMA.crossBorder.value).toBe('Unbound*');
  });

  it('accepts a column span only if greater than 0 or empty', () => {
    const cell = (cols: unknown) => tableCellSchema.safeParse({ value: '', style: { cols, weight: 'normal' } }).success;
    expect(cell(null)).toBe(true);
    expect(cell(2)).toBe(true);
    expect(cell(0)).toBe(false);
    expect(cell(-1)).toBe(false);
    expect(cell(1.5)).toBe(false);
  });
});

describe('what the web app offers to each role', () => {
  const kenyaDraft = { status: 'IN_PROGRESS' as const, regionCreated: false, countryCode: 'KE' };
  const createdForGhana = { status: 'RETURNED' as const, regionCreated: true, countryCode: 'GH' };

  it('offers Edit as the server allows it (canEditOffer)', () => {
    expect(mayEditOffer({ role: 'CHIEF_NEGOTIATOR', countryCode: 'KE' }, kenyaDraft)).toBe(true);
    expect(mayEditOffer({ role: 'SERVICE_FOCAL_POINT', countryCode: 'KE' }, kenyaDraft)).toBe(true);
    expect(mayEditOffer({ role: 'CHIEF_NEGOTIATOR', countryCode: 'SN' }, kenyaDraft)).toBe(false);
    expect(mayEditOffer({ role: 'REGIONAL_ADVISOR', countryCode: 'KE' }, kenyaDraft)).toBe(false);
    expect(mayEditOffer({ role: 'AFRICAN_UNION', countryCode: null }, kenyaDraft)).toBe(false);
    expect(mayEditOffer({ role: 'ADMIN', countryCode: null }, createdForGhana)).toBe(true);
    expect(
      mayEditOffer({ role: 'AFRICAN_UNION', countryCode: null }, { ...createdForGhana, status: 'FINAL_OFFER' }),
    ).toBe(false);
    expect(
      mayEditOffer({ role: 'CHIEF_NEGOTIATOR', countryCode: 'KE' }, { ...kenyaDraft, status: 'FINAL_OFFER' }),
    ).toBe(false);
  });

  it('offers New offer only to the roles that write their country offer', () => {
    expect(writesCountryOffer('CHIEF_NEGOTIATOR')).toBe(true);
    expect(writesCountryOffer('SERVICE_FOCAL_POINT')).toBe(true);
    expect(writesCountryOffer('REGIONAL_ADVISOR')).toBe(false);
    expect(writesCountryOffer('AFRICAN_UNION')).toBe(false);
  });

  it("offers Discuss on other countries' offers, and to the secretariat on any", () => {
    expect(mayDiscussOffer({ role: 'CHIEF_NEGOTIATOR', countryCode: 'SN' }, kenyaDraft)).toBe(true);
    expect(mayDiscussOffer({ role: 'CHIEF_NEGOTIATOR', countryCode: 'KE' }, kenyaDraft)).toBe(false);
    expect(mayDiscussOffer({ role: 'AFRICAN_UNION', countryCode: null }, kenyaDraft)).toBe(true);
    expect(mayDiscussOffer({ role: 'REGIONAL_ADVISOR', countryCode: null }, kenyaDraft)).toBe(true);
  });
});
