import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankSector, type Sector } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument } from '../../../test/offer-factory.js';

/**
 * The split on save gives each sector the services its code belongs to. Choosing 1.A.a Legal
 * (861) and 1.A.b Accounting (862) and saving used to give two sectors that each kept both services.
 */
let t: TestApp;
let chief: Awaited<ReturnType<typeof userWithToken>>, other: Awaited<ReturnType<typeof userWithToken>>;

beforeAll(async () => {
  t = await startTestApp();
  chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
  other = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
});
afterAll(() => t.close());

const legal = { title: 'Legal Services', value: '1.A.a', key: 'W120:1.A.a' };
const accounting = { title: 'Accounting, auditing and bookeeping services', value: '1.A.b', key: 'W120:1.A.b' };

/** The sector as the editor sends it: both services chosen, both provisional codes ticked. */
function legalAndAccounting(): Sector {
  const sector: Sector = {
    ...blankSector('chosen'),
    type: 'W_120',
    services: [legal, accounting],
    codes: ['1.A.a', '1.A.b'],
    details: ['1', '1.A'],
    codesCPC: ['861', '862'],
    codesCPC2: ['821', '822'],
    provisional_codes: ['861', '862'],
  };
  sector.sectorCommitement.limitationsMA.crossBorder.value = 'None';
  return sector;
}

const summary = (s: Sector) => ({
  services: s.services.map((x) => `${x.value} ${x.title}`),
  codes: s.codes,
  codesCPC: s.codesCPC,
  codesCPC2: s.codesCPC2,
  provisional_codes: s.provisional_codes,
  cpc_codes: s.cpc_codes,
  crossBorder: s.sectorCommitement.limitationsMA.crossBorder.value,
});

describe('saving a sector holding Legal (861) and Accounting (862)', () => {
  it('gives two sectors, each with its own service and codes only, as GET shows them', async () => {
    const created = await call(t, 'POST', '/offers', {
      token: chief.token,
      body: { ...buildOfferDocument(0, { sectors: [legalAndAccounting()] }), submittedToAU: false },
    });
    expect(created.status).toBe(200);
    const got = await call(t, 'GET', `/offers/${created.body.payload.id}`, { token: chief.token });
    expect(got.status).toBe(200);
    const sectors: Sector[] = got.body.payload.sectors;
    expect(sectors.map(summary)).toEqual([
      {
        services: ['1.A.a Legal Services'],
        codes: ['1.A.a'],
        codesCPC: ['861'],
        codesCPC2: ['821'],
        provisional_codes: ['861'],
        cpc_codes: [],
        crossBorder: 'None',
      },
      {
        services: ['1.A.b Accounting, auditing and bookeeping services'],
        codes: ['1.A.b'],
        codesCPC: ['862'],
        codesCPC2: ['822'],
        provisional_codes: ['862'],
        cpc_codes: [],
        crossBorder: 'None',
      },
    ]);
    expect(new Set(sectors.map((s) => s.sectorId)).size).toBe(2);
  });

  it('splits a CPC 2.1 choice the same way when an offer is saved again', async () => {
    const created = await call(t, 'POST', '/offers', {
      token: other.token,
      body: { ...buildOfferDocument(1), submittedToAU: false },
    });
    expect(created.status).toBe(200);
    const { id, revision } = created.body.payload;
    const sector = { ...legalAndAccounting(), provisional_codes: [], cpc_codes: ['822', '821'] };
    const saved = await call(t, 'PUT', `/offers/${id}?isEdited=true`, {
      token: other.token,
      body: { ...buildOfferDocument(0, { sectors: [sector] }), submittedToAU: false, revision },
    });
    expect(saved.status).toBe(200);
    const stored = (await call(t, 'GET', `/offers/${id}`, { token: other.token })).body.payload;
    expect(stored.sectors.map((s: Sector) => [s.services.map((x) => x.value), s.cpc_codes])).toEqual([
      [['1.A.b'], ['822']],
      [['1.A.a'], ['821']],
    ]);
  });
});
