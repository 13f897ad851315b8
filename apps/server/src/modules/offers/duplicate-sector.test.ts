import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERROR_CATALOGUE, SECTOR_RULE_MESSAGES } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument, sectorWith } from '../../../test/offer-factory.js';
import { download, pdfPages } from '../../../test/read-back.js';
import { offers } from '../../db/schema/index.js';

/** One offer may schedule a sector once: a repeated sector is refused with its own code, naming the sector. */
let t: TestApp;
type Signed = Awaited<ReturnType<typeof userWithToken>>;
let ke: Signed, sn: Signed;

const legal = () =>
  sectorWith('1.A.a', 'Legal Services', {
    services: [{ title: 'Legal Services', value: '1.A.a', key: 'W120:1.A.a' }],
    provisional_codes: [],
  });
const courier = () =>
  sectorWith('2.B', 'Courier services', {
    services: [{ title: 'Courier services', value: '2.B', key: 'W120:2.B' }],
    provisional_codes: [],
  });
const offersOf = async (countryCode: string) =>
  (await t.ctx.db.select({ id: offers.id, document: offers.document }).from(offers)).filter((o) =>
    o.document.name.startsWith(countryCode),
  );

beforeAll(async () => {
  t = await startTestApp();
  [ke, sn] = await Promise.all([
    userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' }),
    userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' }),
  ]);
});
afterAll(() => t.close());

describe('a sector repeated in one offer', () => {
  it('requires authentication', async () => {
    const body = buildOfferDocument(0, { sectors: [legal(), legal()] });
    expect((await call(t, 'POST', '/offers', { body })).status).toBe(401);
  });

  it('is refused on create with 400 SECTOR_DUPLICATE naming the sector, and nothing is stored', async () => {
    const body = buildOfferDocument(0, { name: 'KE offer', sectors: [legal(), courier(), legal()] });
    const res = await call(t, 'POST', '/offers', { token: ke.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'SECTOR_DUPLICATE',
      message: `${SECTOR_RULE_MESSAGES.duplicate} (1.A.a)`,
      field: 'sectors.2.services',
    });
    expect(ERROR_CATALOGUE.SECTOR_DUPLICATE.status).toBe(400);
    expect(await offersOf('KE')).toEqual([]);
    // The same services with other CPC codes chosen are another sector (a split on save gives such parts).
    const split = { ...legal(), provisional_codes: ['861'], codesCPC: ['861'] };
    const accepted = await call(t, 'POST', '/offers', {
      token: ke.token,
      body: buildOfferDocument(0, { name: 'KE offer', sectors: [legal(), split] }),
    });
    expect(accepted.status, JSON.stringify(accepted.body).slice(0, 300)).toBe(200);
  });

  it('is refused on save, whatever the order, and the stored offer is unchanged', async () => {
    const created = await call(t, 'POST', '/offers', {
      token: sn.token,
      body: buildOfferDocument(0, { name: 'SN offer', sectors: [courier(), legal()] }),
    });
    expect(created.status).toBe(200);
    const { id, revision } = created.body.payload;
    const twice = { ...courier(), services: [...courier().services] };
    const res = await call(t, 'PUT', `/offers/${id}`, {
      token: sn.token,
      body: { ...buildOfferDocument(0, { name: 'SN offer', sectors: [legal(), courier(), twice] }), revision },
    });
    expect(res).toMatchObject({ status: 400, body: { code: 'SECTOR_DUPLICATE' } });
    expect(res.body.message).toContain('(2.B)');
    const stored = (await call(t, 'GET', `/offers/${id}`, { token: sn.token })).body.payload;
    expect(stored.revision).toBe(revision);
    expect(stored.sectors.map((s: { codes: string[] }) => s.codes[0])).toEqual(['2.B', '1.A.a']);
  });

  it('stored before the rule, still loads and prints', async () => {
    const gh = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' });
    const created = await call(t, 'POST', '/offers', {
      token: gh.token,
      body: buildOfferDocument(0, { name: 'GH offer', sectors: [legal(), courier()] }),
    });
    expect(created.status).toBe(200);
    const id: string = created.body.payload.id;
    const document = buildOfferDocument(0, { name: 'GH offer', sectors: [legal(), courier(), legal()] });
    await t.ctx.db.update(offers).set({ document }).where(eq(offers.id, id));
    const loaded = await call(t, 'GET', `/offers/${id}`, { token: gh.token });
    expect(loaded.status).toBe(200);
    expect(loaded.body.payload.sectors).toHaveLength(3);
    const pdf = await download(t, gh.token, `/offers/${id}/export?format=pdf&lang=en`);
    expect(pdf.status).toBe(200);
    expect(
      pdfPages(pdf.data)
        .join('\n')
        .match(/a\) Legal Services/g),
    ).toHaveLength(2);
  });
});
