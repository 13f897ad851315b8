import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { xlsxParts } from '../../../test/read-back.js';
import { readSheet } from '../../lib/xlsx/read.js';
import { scheduledSector, submittedOffer, type CountryOffer } from '../../../test/offer-factory.js';

/**
 * Three offers whose counts are worked out by hand below:
 * - Kenya (EAST, validated: COMMITMENT): 1.A.a, 1.A.b and 7.B;
 * - Senegal (WEST, INITIAL_OFFER): 1.A.a and the whole of sector 9 (its 4 subsectors);
 * - Ghana (WEST, INITIAL_OFFER): accounting chosen as CPC 862 (W/120 1.A.b, in French: 'Néant') and a CPC code no
 *   W/120 item corresponds to (unclassified).
 */
let t: TestApp;
let ke: CountryOffer, sn: CountryOffer, gh: CountryOffer;
const U = 'Unbound';
const N = 'None';
const HORIZONTAL = 'Unbound except as indicated in the horizontal section';

beforeAll(async () => {
  t = await startTestApp();
  // Kenya ticked GATS+ by hand on legal services mode 1, for market access and for national treatment.
  const legal = scheduledSector('1.A.a', [N, N, 'Only as a partnership with local lawyers', U], [N, N, N, 'Unbound*']);
  legal.sectorCommitement.limitationsMA.crossBorder.isChecked = true;
  legal.sectorCommitement.limitationsOnNationalTreatment.crossBorder.isChecked = true;
  ke = await submittedOffer(
    t,
    'KE',
    [
      legal,
      scheduledSector('1.A.b', [U, N, N, U], [U, N, N, U]),
      scheduledSector('7.B', [U, U, 'Foreign equity up to 49 per cent', U], ['', N, N, U]),
    ],
    { validated: true },
  );
  sn = await submittedOffer(t, 'SN', [
    scheduledSector('1.A.a', [N, N, N, HORIZONTAL], [N, N, N, HORIZONTAL]),
    scheduledSector('9', [N, N, N, U], [N, N, N, U]),
  ]);
  const cpc = { type: 'CPC_PROV', services: [{ title: 'Accounting', value: '862', key: 'CPC_PROV:862' }] };
  const unknown = { type: 'CPC_PROV', services: [{ title: 'Unknown', value: '01110', key: 'CPC_PROV:01110' }] };
  gh = await submittedOffer(t, 'GH', [
    scheduledSector('862', ['Néant', N, N, U], [N, N, N, U], { ...cpc, provisional_codes: ['862'] }),
    scheduledSector('01110', [N, N, N, N], [N, N, N, N], { ...unknown, provisional_codes: ['01110'] }),
  ]);
});
afterAll(() => t.close());

const counts = (full: number, partial: number, unbound: number, notScheduled: number) => ({
  full,
  partial,
  unbound,
  notScheduled,
});
type Row = { code: string; units: number; marketAccess: unknown[]; nationalTreatment: unknown[] };
const rowOf = (payload: { rows: Row[] }, code: string) => payload.rows.find((r) => r.code === code)!;

describe('GET /coverage', () => {
  it('requires authentication', async () => {
    for (const url of ['/coverage', '/coverage/gats-plus?country=KE', '/coverage/requests'])
      expect((await call(t, 'GET', url)).status).toBe(401);
  });

  it('counts the bloc by sector: each offer × subsector of the row once per mode, as computed by hand', async () => {
    const someone = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'NG' });
    const res = await call(t, 'GET', '/coverage', { token: someone.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const p = res.body.payload;
    expect(p.level).toBe('sector');
    expect(p.rows.map((r: Row) => r.code)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(p.offers.map((o: { countryCode: string }) => o.countryCode)).toEqual(['GH', 'KE', 'SN']);
    expect(p.unclassified).toBe(1);

    // Sector 1 has 6 subsectors (1.A–1.F): 3 offers × 6 = 18. Only 1.A is scheduled, by all three:
    // KE 1.A = 1.A.a + 1.A.b combined: MA1 None+Unbound → partial, MA2 None+None → full, MA3 text+None → partial,
    // MA4 Unbound+Unbound → unbound; NT1 None+Unbound → partial, NT2 and NT3 full, NT4 Unbound*+Unbound → unbound.
    // SN 1.A.a: full, full, full, partial (unbound except the horizontal section is a limitation written) ×2.
    // GH CPC 862 = 1.A.b: Néant (None) → full, full, full, unbound ×2.
    const one = rowOf(p, '1');
    expect(one.units).toBe(18);
    expect(one.marketAccess).toEqual([
      counts(2, 1, 0, 15),
      counts(3, 0, 0, 15),
      counts(2, 1, 0, 15),
      counts(0, 1, 2, 15),
    ]);
    expect(one.nationalTreatment).toEqual([
      counts(2, 1, 0, 15),
      counts(3, 0, 0, 15),
      counts(3, 0, 0, 15),
      counts(0, 1, 2, 15),
    ]);
    // Sector 7 (3 subsectors: 9 units): KE 7.B only. NT1 blank → not scheduled.
    const seven = rowOf(p, '7');
    expect(seven.units).toBe(9);
    expect(seven.marketAccess).toEqual([
      counts(0, 0, 1, 8),
      counts(0, 0, 1, 8),
      counts(0, 1, 0, 8),
      counts(0, 0, 1, 8),
    ]);
    expect(seven.nationalTreatment).toEqual([
      counts(0, 0, 0, 9),
      counts(1, 0, 0, 8),
      counts(1, 0, 0, 8),
      counts(0, 0, 1, 8),
    ]);
    // Sector 9 (4 subsectors: 12 units): SN's whole-sector entry covers all four.
    expect(rowOf(p, '9').marketAccess).toEqual([
      counts(4, 0, 0, 8),
      counts(4, 0, 0, 8),
      counts(4, 0, 0, 8),
      counts(0, 0, 4, 8),
    ]);
    // Sector 12 has no subsectors: it counts once per offer, and nobody scheduled it.
    expect(rowOf(p, '12')).toMatchObject({ units: 3, marketAccess: Array(4).fill(counts(0, 0, 0, 3)) });
  });

  it('filters by country, region and offer status, and counts subsectors at the 55-subsector level', async () => {
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const get = async (query: string) => {
      const res = await call(t, 'GET', `/coverage?${query}`, { token: staff.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.payload;
    };
    const kenya = await get('country=ke&level=subsector');
    expect(kenya.rows).toHaveLength(56); // 55 subsectors and sector 12, which has none
    expect(kenya.offers).toEqual([expect.objectContaining({ offerId: ke.id, status: 'COMMITMENT', versionNumber: 1 })]);
    expect(rowOf(kenya, '1.A')).toMatchObject({
      units: 1,
      marketAccess: [counts(0, 1, 0, 0), counts(1, 0, 0, 0), counts(0, 1, 0, 0), counts(0, 0, 1, 0)],
    });
    expect(rowOf(kenya, '7.B').nationalTreatment[0]).toEqual(counts(0, 0, 0, 1));
    expect(rowOf(kenya, '1.B').marketAccess[0]).toEqual(counts(0, 0, 0, 1));

    // West: Senegal and Ghana. Sector 1 MA mode 4: SN partial, GH unbound, 10 subsectors not scheduled.
    const west = await get('region=WEST');
    expect(west.offers.map((o: { countryCode: string }) => o.countryCode)).toEqual(['GH', 'SN']);
    expect(rowOf(west, '1').marketAccess[3]).toEqual(counts(0, 1, 1, 10));

    const validated = await get('status=COMMITMENT');
    expect(validated.offers.map((o: { offerId: string }) => o.offerId)).toEqual([ke.id]);
    const pending = await get('status=INITIAL_OFFER,REVISED_OFFER');
    expect(pending.offers.map((o: { offerId: string }) => o.offerId).sort()).toEqual([gh.id, sn.id].sort());
    expect((await get('region=SOUTH')).offers).toEqual([]);
  });

  it('refuses unknown filters with a code, and a bad status or level as a validation error', async () => {
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const get = (query: string) => call(t, 'GET', `/coverage?${query}`, { token: staff.token });
    expect(await get('country=XX')).toMatchObject({ status: 400, body: { code: 'COVERAGE_UNKNOWN_COUNTRY' } });
    expect(await get('region=ATLANTIS')).toMatchObject({ status: 400, body: { code: 'COVERAGE_UNKNOWN_REGION' } });
    expect(await get('status=DONE')).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
    expect(await get('level=group')).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
  });

  it('exports the matrix to XLSX, read back as the same counts; in Arabic the sheet is right-to-left', async () => {
    const advisor = await userWithToken(t, { role: 'REGIONAL_ADVISOR' });
    const res = await fetch(`${t.api}/coverage?format=xlsx&region=WEST`, {
      headers: { authorization: `Bearer ${advisor.token}`, timezone: 'UTC' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain('coverage-west-sector.xlsx');
    const data = Buffer.from(await res.arrayBuffer());
    const ws = await readSheet(data, 'Coverage');
    const row = (n: number) => ws.rows.find((r) => r.number === n)!.cells;
    expect(row(1)[0]).toBe('Code');
    expect(row(1)[3]).toBe('Market access');
    expect(row(1)[19]).toBe('National treatment');
    expect(row(2)[3]).toBe('Mode 1');
    expect(row(3).slice(3, 7)).toEqual(['Full (None)', 'Partial', 'Unbound', 'Not scheduled']);
    expect(row(4).slice(0, 3)).toEqual(['1', 'BUSINESS SERVICES', 12]);
    // MA mode 4 of sector 1 in the West: SN partial, GH unbound, 10 not scheduled (columns 16–19).
    expect(row(4).slice(15, 19)).toEqual([0, 1, 1, 10]);
    const offers = await readSheet(data, 'Offers counted');
    expect(offers.rows[1]).toEqual({ number: 2, cells: ['GH', 'Ghana', 'INITIAL_OFFER', 1] });
    // The headings over the counts stay merged and the first three rows and columns frozen, as the sheet had them.
    const xml = (await xlsxParts(data))['xl/worksheets/sheet1.xml'];
    expect(xml).toContain('<mergeCell ref="D1:S1"/>');
    expect(xml).toContain('<mergeCell ref="D2:G2"/>');
    expect(xml).toMatch(/<pane xSplit="3" ySplit="3"[^>]*state="frozen"/);

    const ar = await call(t, 'GET', '/coverage?format=xlsx&encoding=base64&lang=ar', { token: advisor.token });
    expect(ar.status).toBe(200);
    const arabic = await readSheet(Buffer.from(ar.body.payload.base64, 'base64'), 'التغطية');
    expect(arabic.rightToLeft).toBe(true);
    expect(arabic.rows.find((r) => r.number === 4)!.cells[1]).toBe('خدمات الأعمال');
  });
});

describe('GET /coverage/gats-plus', () => {
  it("computes where Kenya's offer goes beyond Kenya's GATS schedule, beside the ticked box", async () => {
    // Kenya's GATS schedule: legal services only.
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const csv = [
      'Member,SectorCode,SectorName,SectorText,MA1,MA2,MA3,MA4,NT1,NT2,NT3,NT4,Source',
      'Kenya,1.A.a,Legal Services,Legal services,Unbound,None,Unbound,Unbound,None,None,None,Unbound,test',
    ].join('\n');
    const form = new FormData();
    form.append('file', new Blob([csv]), 'kenya.csv');
    const imported = await fetch(`${t.api}/gats/import`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(imported.status, await imported.clone().text()).toBe(200);

    const someone = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const res = await call(t, 'GET', '/coverage/gats-plus?country=KE', { token: someone.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const p = res.body.payload;
    expect(p).toMatchObject({ offerId: ke.id, countryCode: 'KE', gatsMember: 'Kenya', versionNumber: 1 });
    const flags = (row: { marketAccess: { gatsPlus: boolean }[]; nationalTreatment: { gatsPlus: boolean }[] }) => [
      row.marketAccess.map((c) => c.gatsPlus),
      row.nationalTreatment.map((c) => c.gatsPlus),
    ];
    // 1.A.a: MA1 None over Unbound and MA3 a limitation over Unbound are GATS+; MA2 None = None is not.
    const legal = p.rows[0];
    expect(legal).toMatchObject({ code: '1.A.a', gatsCodes: ['1.A.a'] });
    expect(legal.marketAccess[0]).toEqual({
      offer: 'full',
      gats: 'unbound',
      gatsValue: 'Unbound',
      gatsPlus: true,
      ticked: true,
    });
    expect(flags(legal)).toEqual([
      [true, false, true, false],
      [false, false, false, false],
    ]);
    // 1.A.b and 7.B have no GATS commitment: every bound entry (full or partial) is GATS+, an unbound one is not.
    expect(flags(p.rows[1])).toEqual([
      [false, true, true, false],
      [false, true, true, false],
    ]);
    expect(p.rows[1].gatsCodes).toEqual([]);
    expect(flags(p.rows[2])).toEqual([
      [false, false, true, false],
      [false, true, true, false],
    ]);
    // Ticked: MA1 (computed too) and NT1 (None over None: not computed GATS+).
    expect(p.summary).toEqual({ gatsPlus: 9, ticked: 2, tickedOnly: 1, computedOnly: 8 });
  });

  it('refuses a country without a conditional offer (404) and an unknown one (400)', async () => {
    const someone = await userWithToken(t, { role: 'REGIONAL_ADVISOR' });
    expect(await call(t, 'GET', '/coverage/gats-plus?country=ZA', { token: someone.token })).toMatchObject({
      status: 404,
      body: { code: 'COVERAGE_NO_OFFER' },
    });
    expect(await call(t, 'GET', '/coverage/gats-plus?country=XX', { token: someone.token })).toMatchObject({
      status: 400,
      body: { code: 'COVERAGE_UNKNOWN_COUNTRY' },
    });
    expect((await call(t, 'GET', '/coverage/gats-plus', { token: someone.token })).status).toBe(400);
  });
});

describe('GET /coverage/requests', () => {
  it('the secretariat, admins and advisors see the bloc; a country its own rows and columns', async () => {
    const asked = (code: string) => scheduledSector(code, [N, N, N, U], [N, N, N, U]);
    const send = async (from: CountryOffer, to: CountryOffer, codes: string[]) => {
      const res = await call(t, 'POST', `/request-offer/${to.id}`, {
        token: from.chief.token,
        body: { note: 'Please bind these.', sectors: codes.map(asked), submitted: true },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.payload.id as string;
    };
    await send(sn, ke, ['1.A.a', '1.A.b']);
    const answered = await send(gh, ke, ['7.B.a']);
    expect(
      (
        await call(t, 'POST', `/request-offer/${ke.id}/${answered}/answer`, {
          token: ke.chief.token,
          body: { note: 'Bound in our next version.' },
        })
      ).status,
    ).toBe(200);
    // Neither a draft nor a withdrawn request is on the table.
    const draft = await call(t, 'POST', `/request-offer/${gh.id}`, {
      token: sn.focal.token,
      body: { note: '', sectors: [asked('1.A.a')], submitted: false },
    });
    expect(draft.status).toBe(200);
    const withdrawn = await send(ke, sn, ['9.A']);
    expect(
      (await call(t, 'POST', `/request-offer/${sn.id}/${withdrawn}/withdraw`, { token: ke.chief.token })).status,
    ).toBe(200);

    const bloc = [
      { requestingCountryCode: 'GH', requestedCountryCode: 'KE', requests: 1, sectorsAsked: 1, sectorsAnswered: 1 },
      { requestingCountryCode: 'SN', requestedCountryCode: 'KE', requests: 1, sectorsAsked: 2, sectorsAnswered: 0 },
    ];
    for (const role of ['AFRICAN_UNION', 'ADMIN', 'REGIONAL_ADVISOR'] as const) {
      const who = await userWithToken(t, { role });
      const res = await call(t, 'GET', '/coverage/requests', { token: who.token });
      expect(res.status).toBe(200);
      expect(res.body.payload.pairs).toEqual(bloc);
      expect(res.body.payload.countries.map((c: { code: string }) => c.code)).toEqual(['GH', 'KE', 'SN']);
    }
    const senegal = (await call(t, 'GET', '/coverage/requests', { token: sn.focal.token })).body.payload;
    expect(senegal.pairs).toEqual([bloc[1]]);
    expect(senegal.countries.map((c: { code: string }) => c.code)).toEqual(['KE', 'SN']);
    expect((await call(t, 'GET', '/coverage/requests', { token: ke.chief.token })).body.payload.pairs).toEqual(bloc);
    const nigeria = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'NG' });
    expect((await call(t, 'GET', '/coverage/requests', { token: nigeria.token })).body.payload).toEqual({
      countries: [{ code: 'NG', name: 'Nigeria', nameFr: 'Nigéria', nameAr: 'نيجيريا' }],
      pairs: [],
    });
  });
});

describe('GET /coverage/gats-plus, the order of its rows', () => {
  it('lists the sectors in classification order, not in the order the country entered them', async () => {
    await submittedOffer(t, 'TZ', [
      scheduledSector('11.A.b', [U, U, N, U], [U, U, N, U]),
      scheduledSector('1.A.b', [U, N, N, U], [U, N, N, U]),
      scheduledSector('9.A', [N, N, N, U], [N, N, N, U]),
      scheduledSector('5.A', [N, N, N, U], [N, N, N, U]),
    ]);
    const someone = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const res = await call(t, 'GET', '/coverage/gats-plus?country=TZ', { token: someone.token });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.payload.rows.map((r: { code: string }) => r.code)).toEqual(['1.A.b', '5.A', '9.A', '11.A.b']);
  });
});
