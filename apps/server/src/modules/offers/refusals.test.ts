import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, OFFER_LIMITS, SECTOR_RULE_MESSAGES } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument, sectorWith } from '../../../test/offer-factory.js';
import { offers } from '../../db/schema/index.js';
import { only } from '../../lib/only.js';

/** Hostile or careless offer bodies and ids: each is refused with a 4xx that names the problem, never a 500. */
let t: TestApp;
type Signed = Awaited<ReturnType<typeof userWithToken>>;
let chief: Signed, staff: Signed;
let offerId: string;
let revision: number;

beforeAll(async () => {
  t = await startTestApp();
  chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
  staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
  const created = await call(t, 'POST', '/offers', { token: chief.token, body: buildOfferDocument(1) });
  expect(created.status).toBe(200);
  offerId = created.body.payload.id;
  revision = created.body.payload.revision;
});
afterAll(() => t.close());

const save = (body: object, query = '') =>
  call(t, 'PUT', `/offers/${offerId}${query}`, {
    token: chief.token,
    body: { submittedToAU: false, revision, ...body },
  });
const codes = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(3, '0')}`);
/** A sector that a save splits into `n` sectors, one per provisional code. */
/** A sector of n codes, split in n on save; `i` tells sectors apart (an offer may not repeat a sector). */
const splitting = (n: number, i = 0) => sectorWith(`861.${i}`, 'Legal services', { provisional_codes: codes(n, '86') });

describe('offer ids and integers past the database types', () => {
  it('requires authentication', async () => {
    expect(
      (await call(t, 'POST', `/offers/translateOfferById?lang=fr&offerId=${'-'.repeat(36)}&type=VERSION`)).status,
    ).toBe(401);
  });

  it('answers 404, not 500, for a version id that only looks like a uuid', async () => {
    for (const id of ['-'.repeat(36), 'abcdefab-abcd-abcd-abcd-abcdefabcd-e', 'a'.repeat(36)]) {
      const res = await call(t, 'POST', `/offers/translateOfferById?lang=fr&offerId=${id}&type=VERSION`, {
        token: chief.token,
      });
      expect(res, id).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    }
  });

  it('refuses a countryIdCreator past the integer column with 400, not 500', async () => {
    for (const countryIdCreator of [2_147_483_648, 1e20]) {
      const res = await call(t, 'POST', '/offers', {
        token: staff.token,
        body: { ...buildOfferDocument(1), countryIdCreator },
      });
      expect(res, String(countryIdCreator)).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION', field: 'countryIdCreator' },
      });
    }
  });

  it('refuses a revision past the integer column with 400', async () => {
    expect(await save({ ...buildOfferDocument(1), revision: 2_147_483_648 })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION', field: 'revision' },
    });
  });
});

describe('sectors a save would split past the limit', () => {
  it(`refuses with 413 a document that splits into more than ${OFFER_LIMITS.sectors} sectors, and changes nothing`, async () => {
    const before = only(await t.ctx.db.select().from(offers).where(eq(offers.id, offerId)));
    // 6 sectors × 200 codes: within the schema's limits, 1,200 sectors once split.
    const doc = buildOfferDocument(0, {
      sectors: Array.from({ length: 6 }, (_, i) => splitting(OFFER_LIMITS.codesPerSector, i)),
    });
    const res = await save(doc);
    expect(res).toMatchObject({
      status: 413,
      body: { message: MESSAGES.offerTooManySectors, code: 'PAYLOAD_TOO_LARGE' },
    });
    const after = only(await t.ctx.db.select().from(offers).where(eq(offers.id, offerId)));
    expect(after.revision).toBe(before.revision);
    expect(after.document).toEqual(before.document);

    const created = await call(t, 'POST', '/offers', { token: staff.token, body: { ...doc, countryIdCreator: 1 } });
    expect(created).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('refuses the worst case (1,000 sectors × 200 codes) at once, without building it', async () => {
    const doc = buildOfferDocument(0, {
      sectors: Array.from({ length: OFFER_LIMITS.sectors }, (_, i) => splitting(OFFER_LIMITS.codesPerSector, i)),
    });
    expect((await save(doc)).status).toBe(413);
  });

  it(`accepts a document that splits into exactly ${OFFER_LIMITS.sectors} sectors`, async () => {
    const doc = buildOfferDocument(0, {
      sectors: Array.from({ length: 5 }, (_, i) => splitting(OFFER_LIMITS.codesPerSector, i)),
    });
    const res = await save(doc);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    revision = res.body.payload.revision;
    const stored = await call(t, 'GET', `/offers/${offerId}`, { token: chief.token });
    expect(stored.body.payload.sectors).toHaveLength(OFFER_LIMITS.sectors);
  });
});

describe('sector choice rules (spec section 5) on the server', () => {
  const legal = { title: 'Legal services', value: '1.A.a', key: 'W120:1.A.a' };
  const accounting = { title: 'Accounting services', value: '1.A.b', key: 'W120:1.A.b' };
  const courier = { title: 'Courier services', value: '2.B', key: 'W120:2.B' };

  it('refuses services of two first-level sectors in one sector with 400 (msg_nomoresectore)', async () => {
    const sector = sectorWith('1.A.a', 'Legal services', {
      type: 'W_120',
      services: [legal, courier],
      provisional_codes: ['861'],
    });
    expect(await save(buildOfferDocument(0, { sectors: [sector] }))).toMatchObject({
      status: 400,
      body: { message: SECTOR_RULE_MESSAGES.oneSector, code: 'VALIDATION' },
    });
    const cpc = sectorWith('8671', 'Architectural services', {
      type: 'CPC_PROV',
      services: [
        { title: 'Architectural services', value: '8671', key: 'CPC_PROV:8671' },
        { title: 'Construction', value: '511', key: 'CPC_PROV:511' },
      ],
    });
    expect(await save(buildOfferDocument(0, { sectors: [cpc] }))).toMatchObject({
      status: 400,
      body: { message: SECTOR_RULE_MESSAGES.oneSector },
    });
  });

  it('refuses a sector using both code lists with 400', async () => {
    const sector = sectorWith('1.A.a', 'Legal services', {
      services: [legal],
      provisional_codes: ['861'],
      cpc_codes: ['82111'],
    });
    expect(await save(buildOfferDocument(0, { sectors: [sector] }))).toMatchObject({
      status: 400,
      body: { message: SECTOR_RULE_MESSAGES.oneCodeList, code: 'VALIDATION' },
    });
  });

  it('refuses a code scheme other than W_120, CPC_PROV and CPC_2_1 with 400', async () => {
    const sector = sectorWith('1.A.a', 'Legal services', { type: 'ISIC_4', services: [legal] });
    expect(await save(buildOfferDocument(0, { sectors: [sector] }))).toMatchObject({
      status: 400,
      body: { message: SECTOR_RULE_MESSAGES.codeScheme, field: 'sectors.0.type' },
    });
  });

  it('refuses a counter offer that breaks a rule too', async () => {
    const sector = sectorWith('1.A.a', 'Legal services', { services: [legal, courier] });
    const senegal = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const res = await call(t, 'POST', `/response-offer/${offerId}`, {
      token: senegal.token,
      body: { offer: buildOfferDocument(0, { sectors: [sector] }) },
    });
    expect(res).toMatchObject({ status: 400, body: { message: SECTOR_RULE_MESSAGES.oneSector } });
  });

  it('accepts several services of one sector, one code list, and each scheme', async () => {
    const sectors = [
      sectorWith('1.A.a', 'Legal services', {
        type: 'W_120',
        services: [legal, accounting],
        provisional_codes: ['861'],
        cpc_codes: [],
      }),
      sectorWith('8671', 'Architectural services', {
        type: 'CPC_PROV',
        services: [{ title: 'Architectural services', value: '8671', key: 'CPC_PROV:8671' }],
        provisional_codes: [],
        cpc_codes: ['83211'],
      }),
      sectorWith('82111', 'Legal advisory services', {
        type: 'CPC_2_1',
        services: [
          { title: 'Legal advisory', value: '82111', key: 'CPC21:82111' },
          { title: 'Legal documentation', value: '82120', key: 'CPC21:82120' },
        ],
      }),
    ];
    const res = await save(buildOfferDocument(0, { sectors }));
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    revision = res.body.payload.revision;
  });
});

describe('PUT /offers/{id}?isEdited', () => {
  it.each(['?isEdited', '?isEdited=', '?isEdited=1', '?isEdited=true', '?isEdited=0', '?isEdited=false', ''])(
    'accepts %s',
    async (query) => {
      const res = await save(buildOfferDocument(1), query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      revision = res.body.payload.revision;
    },
  );

  it('refuses another value with 400', async () => {
    expect(await save(buildOfferDocument(1), '?isEdited=yes')).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION' },
    });
  });
});
