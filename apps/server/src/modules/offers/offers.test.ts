import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument, sectorWith } from '../../../test/offer-factory.js';
import { must } from '../../../test/must.js';
import { auditLogs, countries } from '../../db/schema/index.js';
import { only } from '../../lib/only.js';

let t: TestApp;
type Signed = Awaited<ReturnType<typeof userWithToken>>;
let focal: Signed, chief: Signed, staff: Signed, advisor: Signed, otherChief: Signed;

beforeAll(async () => {
  t = await startTestApp();
  focal = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'KE' });
  chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
  otherChief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
  staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
  advisor = await userWithToken(t, { role: 'REGIONAL_ADVISOR' });
});
afterAll(() => t.close());

async function countryId(code: string) {
  return only(await t.ctx.db.select().from(countries).where(eq(countries.code, code))).id;
}

describe('creating an offer', () => {
  let offerId: string;

  it('requires authentication', async () => {
    expect((await call(t, 'POST', '/offers', { body: buildOfferDocument() })).status).toBe(401);
  });

  it("creates a draft for the user's own country", async () => {
    const res = await call(t, 'POST', '/offers', {
      token: focal.token,
      body: { ...buildOfferDocument(), submittedToAU: false },
    });
    expect(res.status).toBe(200);
    const offer = res.body.payload;
    offerId = offer.id;
    expect(offer).toMatchObject({
      name: 'Kenya Conditional Initial Offer',
      status: 'IN_PROGRESS',
      submittedToAU: false,
      versions: 0,
      offerVersions: [],
      countryNameCreator: 'Kenya',
      countryCode: 'KE',
      regionCreated: false,
      revision: 1,
      permissions: { edit: true, submit: false, review: false },
    });
    expect(offer.sectors).toHaveLength(2);
    expect(offer.geenralCommitementCon[0][0].value).toBe('Road transport');
  });

  it('refuses a second offer for the same country', async () => {
    const res = await call(t, 'POST', '/offers', { token: chief.token, body: buildOfferDocument() });
    expect(res).toMatchObject({ status: 409, body: { message: MESSAGES.offerAlreadyExists } });
  });

  it('loads the creator of a new offer', async () => {
    expect((await call(t, 'GET', '/offers/creator', { token: focal.token })).body.payload).toMatchObject({
      countryNameCreator: 'Kenya',
      regionNameCreator: 'Eastern Africa',
      regionCreated: false,
      existingOfferId: offerId,
    });
    expect((await call(t, 'GET', '/offers/creator', { token: staff.token })).body.payload).toMatchObject({
      regionCreated: true,
      countryIdCreator: null,
    });
  });

  it('lets a user without a country create none', async () => {
    expect((await call(t, 'POST', '/offers', { token: advisor.token, body: buildOfferDocument() })).status).toBe(403);
  });

  it("refuses another country's id from a country user", async () => {
    const res = await call(t, 'POST', '/offers', {
      token: otherChief.token,
      body: { ...buildOfferDocument(), countryIdCreator: await countryId('KE') },
    });
    expect(res.status).toBe(403);
  });

  it('lets the secretariat create the offer of a country without one, named after it', async () => {
    const ghana = await countryId('GH');
    const before = (await call(t, 'GET', '/offers/countiresNoOffer', { token: staff.token })).body.payload as {
      code: string;
    }[];
    expect(before.map((c) => c.code)).toContain('GH');
    expect(before.map((c) => c.code)).not.toContain('KE');

    expect(await call(t, 'POST', '/offers', { token: staff.token, body: buildOfferDocument() })).toMatchObject({
      status: 400,
      body: { message: MESSAGES.offerCountryRequired },
    });
    const res = await call(t, 'POST', '/offers', {
      token: staff.token,
      body: { ...buildOfferDocument(), name: 'ignored', countryIdCreator: ghana },
    });
    expect(res.body.payload).toMatchObject({
      name: 'Ghana Conditional Initial Offer',
      regionCreated: true,
      countryCode: 'GH',
      regionNameCreator: 'African Union',
    });
    expect(res.body.payload.permissions).toEqual({ edit: true, submit: true, review: true });
    const after = (await call(t, 'GET', '/offers/countiresNoOffer', { token: staff.token })).body.payload as {
      code: string;
    }[];
    expect(after.map((c) => c.code)).not.toContain('GH');
  });

  it("names the new offer in its author's language: French for a French secretariat, Arabic for an Arabic chief", async () => {
    const frenchStaff = await userWithToken(t, { role: 'AFRICAN_UNION', language: 'fr' });
    const senegal = only(await t.ctx.db.select().from(countries).where(eq(countries.code, 'SN')));
    const created = await call(t, 'POST', '/offers', {
      token: frenchStaff.token,
      body: { ...buildOfferDocument(), countryIdCreator: senegal.id },
    });
    expect(created.status).toBe(200);
    expect(created.body.payload.name).toBe('Offre initiale conditionnelle\u00a0: Sénégal');

    const arabicChief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'CI', language: 'ar' });
    const creator = await call(t, 'GET', '/offers/creator', { token: arabicChief.token });
    expect(creator.body.payload.name).toBe('العرض الأولي المشروط: كوت ديفوار');
  });

  it('writes an audit row', async () => {
    const rows = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'OFFER_CREATED'));
    expect(rows.some((r) => r.logUser === focal.email)).toBe(true);
  });
});

describe('saving', () => {
  let id: string;
  let revision: number;
  beforeAll(async () => {
    const me = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'UG' });
    focal = me;
    const res = await call(t, 'POST', '/offers', { token: me.token, body: buildOfferDocument(1) });
    id = res.body.payload.id;
    revision = res.body.payload.revision;
  });

  const save = (body: object, token = focal.token) => call(t, 'PUT', `/offers/${id}?isEdited=true`, { token, body });
  const stored = async () => (await call(t, 'GET', `/offers/${id}`, { token: focal.token })).body.payload;

  it('keeps a draft draft, drops sectors without services and splits sectors holding several codes', async () => {
    const doc = buildOfferDocument(0);
    doc.sectors = [
      sectorWith('861'),
      { ...sectorWith('862'), services: [] },
      sectorWith('8671', 'Architectural services', { provisional_codes: ['8671', '8672', '8673'] }),
    ];
    must(doc.sectors[2]).sectorCommitement.limitationsMA.crossBorder.value = 'None';
    const res = await save({ ...doc, submittedToAU: false, revision });
    expect(res.status).toBe(200);
    // The answer is the offer's id, new revision and status, not the document.
    expect(res.body.payload).toEqual({ id, revision: revision + 1, status: 'IN_PROGRESS' });
    const offer = await stored();
    revision = offer.revision;
    expect(offer.submittedToAU).toBe(false);
    expect(offer.status).toBe('IN_PROGRESS');
    expect(offer.sectors.map((s: { provisional_codes: string[] }) => s.provisional_codes)).toEqual([
      ['861'],
      ['8671'],
      ['8672'],
      ['8673'],
    ]);
    expect(
      offer.sectors.slice(1).every((s: any) => s.sectorCommitement.limitationsMA.crossBorder.value === 'None'),
    ).toBe(true);
    expect(new Set(offer.sectors.map((s: { sectorId: string }) => s.sectorId)).size).toBe(4);
  });

  it('refuses a save from a stale revision with 409 and overwrites nothing', async () => {
    const stale = await save({
      ...buildOfferDocument(1, { comment: 'stale' }),
      submittedToAU: false,
      revision: revision - 1,
    });
    expect(stale).toMatchObject({ status: 409, body: { code: 'OFFER_STALE', message: MESSAGES.offerStale } });
    const current = (await call(t, 'GET', `/offers/${id}`, { token: focal.token })).body.payload;
    expect(current.comment).toBe('');
    expect(current.revision).toBe(revision);
  });

  it('strips scripts and handlers from rich text', async () => {
    const doc = buildOfferDocument(1, {
      description:
        '<p onclick="steal()">Hello<script>alert(1)</script><img src=x onerror=alert(1)></p><a href="javascript:alert(1)">x</a>',
    });
    must(doc.geenralCommitement[0]?.[0]).value = '<b>ok</b><iframe src="https://evil"></iframe>';
    const res = await save({ ...doc, submittedToAU: false, revision });
    revision = res.body.payload.revision;
    const offer = await stored();
    expect(offer.description).toBe('<p>Hello</p><a rel="noopener noreferrer" target="_blank">x</a>');
    expect(offer.geenralCommitement[0][0].value).toBe('<b>ok</b>');
  });

  it('refuses malformed documents whole with 400', async () => {
    const zeroSpan = buildOfferDocument(1);
    must(zeroSpan.geenralCommitement[0]?.[0]).style.cols = 0;
    const shortRow = buildOfferDocument(1);
    must(shortRow.geenralCommitementCon[0]).pop();
    const spanned = buildOfferDocument(1);
    spanned.geenralCommitement[0] = [{ value: 'wide', style: { cols: 4, weight: 'bold' } }];
    for (const body of [
      { ...zeroSpan, submittedToAU: false, revision },
      { ...shortRow, submittedToAU: false, revision },
      { ...buildOfferDocument(1), submittedToAU: 'yes', revision },
      { ...buildOfferDocument(1), submittedToAU: false },
      { ...buildOfferDocument(1), sectors: 'all', submittedToAU: false, revision },
    ]) {
      const res = await save(body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
    expect((await save({ ...spanned, submittedToAU: false, revision })).status).toBe(200);
    revision++;
  });

  it('fits a 200-sector offer and refuses an oversized body with 413', async () => {
    const big = await save({ ...buildOfferDocument(200), submittedToAU: false, revision });
    expect(big.status).toBe(200);
    revision = big.body.payload.revision;
    expect((await stored()).sectors).toHaveLength(200);
    const huge = await save({
      ...buildOfferDocument(1, { comment: 'x'.repeat(9 * 1024 * 1024) }),
      submittedToAU: false,
      revision,
    });
    expect(huge.status).toBe(413);
  });

  it('answers 404 for an id that does not exist or is malformed', async () => {
    expect((await call(t, 'GET', '/offers/00000000-0000-0000-0000-000000000000', { token: focal.token })).status).toBe(
      404,
    );
    expect((await call(t, 'GET', "/offers/1' or '1'='1", { token: focal.token })).status).toBe(404);
  });
});
