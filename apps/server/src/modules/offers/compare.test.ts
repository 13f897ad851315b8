import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankSector, sectorTabs, type Sector } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument } from '../../../test/offer-factory.js';
import { must } from '../../../test/must.js';

/** Compare offers: sectors met on every service and through the W/120 ↔ CPC concordance. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const w120Sector = (codes: [string, string][]): Sector => ({
  ...blankSector(`w120-${codes.map((c) => c[0]).join('-')}`),
  type: 'W_120',
  services: codes.map(([code, title]) => ({ title, value: code, key: `W120:${code}` })),
  codes: codes.map((c) => c[0]),
});
const cpcSector = (type: 'CPC_PROV' | 'CPC_2_1', code: string, title: string): Sector => ({
  ...blankSector(`${type}-${code}`),
  type,
  services: [{ title, value: code, key: `${type === 'CPC_PROV' ? 'CPC_PROV' : 'CPC21'}:${code}` }],
  ...(type === 'CPC_PROV' ? { provisional_codes: [code] } : { cpc_codes: [code] }),
});

async function submitted(country: string, sectors: Sector[]) {
  const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country });
  const doc = buildOfferDocument(0);
  doc.sectors = sectors;
  sectors.forEach((s, i) => (s.sectorCommitement.limitationsMA.crossBorder.value = `${country} commitment ${i + 1}`));
  const res = await call(t, 'POST', '/offers', { token: chief.token, body: { ...doc, submittedToAU: true } });
  expect(res.status).toBe(200);
}

describe('POST /offers/offerBycountriesConditional: matching sectors', () => {
  it('requires authentication', async () => {
    expect((await call(t, 'POST', '/offers/offerBycountriesConditional', { body: { countries: ['KE'] } })).status).toBe(
      401,
    );
  });

  it('refuses other roles', async () => {
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const res = await call(t, 'POST', '/offers/offerBycountriesConditional', {
      token: chief.token,
      body: { countries: ['KE'] },
    });
    expect(res.status).toBe(403);
  });

  it('meets a multi-service sector on its second service, and CPC-chosen sectors through the concordance', async () => {
    // Kenya: one sector of Legal + Accounting (W/120); Senegal: Accounting chosen as CPC Prov 862; Ghana: CPC 2.1 822.
    await submitted('KE', [
      w120Sector([
        ['1.A.a', 'Legal Services'],
        ['1.A.b', 'Accounting, auditing and bookeeping services'],
      ]),
    ]);
    await submitted('SN', [cpcSector('CPC_PROV', '862', 'Accounting, auditing and book-keeping services')]);
    await submitted('GH', [cpcSector('CPC_2_1', '822', 'Accounting, auditing and bookkeeping services')]);
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const res = await call(t, 'POST', '/offers/offerBycountriesConditional', {
      token: staff.token,
      body: { countries: ['KE', 'SN', 'GH'] },
    });
    expect(res.status).toBe(200);
    const offers = res.body.payload as {
      countryCode: string;
      sectors: Sector[];
      matchKeys: string[][];
      matchTitles: Record<string, { en: string; fr: string; ar: string }>;
    }[];
    expect(offers.map((o) => o.countryCode)).toEqual(['KE', 'SN', 'GH']);
    expect(offers.map((o) => o.matchKeys)).toEqual([[['1.A.a', '1.A.b']], [['1.A.b']], [['1.A.b']]]);
    expect(offers[1]?.matchTitles['1.A.b']).toEqual({
      en: 'Accounting, auditing and bookeeping services',
      fr: "Services comptables, d'audit et de tenue de livres",
      ar: 'خدمات المحاسبة ومراجعة الحسابات ومسك الدفاتر',
    });

    const tabs = sectorTabs(offers);
    expect(tabs.map((tab) => tab.key)).toEqual(['1.A.a', '1.A.b']);
    const accounting = must(tabs[1]).byOffer.map((sectors) =>
      sectors.map((s) => s.sectorCommitement.limitationsMA.crossBorder.value),
    );
    // Every country commits in Accounting: no "No commitment" there.
    expect(accounting).toEqual([['KE commitment 1'], ['SN commitment 1'], ['GH commitment 1']]);
    // Legal: only Kenya has a commitment.
    expect(tabs[0]?.byOffer.map((s) => s.length)).toEqual([1, 0, 0]);
  });
});
