import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, RESPONSE_MESSAGES } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call, upload } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument, changedCounterDocument } from '../../../test/offer-factory.js';
import { EXECUTABLE, SAMPLE_FILES } from '../files/samples.js';
import { countries } from '../../db/schema/index.js';
import type { PortalEvents } from '../../events.js';

let t: TestApp;
type Signed = Awaited<ReturnType<typeof userWithToken>>;
let ke: Signed, sn: Signed, gh: Signed, staff: Signed;
let offerId: string;
const responded: PortalEvents['offer.responded'][] = [];

beforeAll(async () => {
  t = await startTestApp();
  ke = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
  sn = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
  gh = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' });
  staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
  offerId = (
    await call(t, 'POST', '/offers', { token: ke.token, body: { ...buildOfferDocument(2), submittedToAU: true } })
  ).body.payload.id;
  t.ctx.events.on('offer.responded', (e) => void responded.push(e));
});
afterAll(() => t.close());

const counter = changedCounterDocument;

describe('counter offers', () => {
  it('refuses a country answering its own offer, and those without a country', async () => {
    expect(
      await call(t, 'POST', `/response-offer/${offerId}`, { token: ke.token, body: { offer: counter() } }),
    ).toMatchObject({ status: 422, body: { message: RESPONSE_MESSAGES.ownOffer } });
    expect(
      (await call(t, 'POST', `/response-offer/${offerId}`, { token: staff.token, body: { offer: counter() } })).status,
    ).toBe(403);
  });

  it("refuses a counter country other than one's own", async () => {
    expect(
      (
        await call(t, 'POST', `/response-offer/${offerId}`, {
          token: sn.token,
          body: { counterCountry: 'GH', offer: counter() },
        })
      ).status,
    ).toBe(403);
  });

  it('answers the latest submitted version; the offer lists who responded; the owner is told', async () => {
    const res = await call(t, 'POST', `/response-offer/${offerId}`, {
      token: sn.token,
      body: { counterCountry: 'SN', offer: counter() },
    });
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({
      offerId,
      versionNumber: 1,
      responderCountryCode: 'SN',
      offerCountryCode: 'KE',
      changedEntries: 1,
      pdfFileKey: null,
    });
    expect(responded.at(-1)).toMatchObject({ offerId, responseId: res.body.payload.id, actorId: sn.id });
    expect((await call(t, 'GET', `/offers/${offerId}`, { token: ke.token })).body.payload.respondedBy).toEqual([
      'Senegal',
    ]);

    const full = await call(t, 'GET', `/response-offer/${res.body.payload.id}`, { token: ke.token });
    expect(full.body.payload.document.sectors[0].sectorCommitement.limitationsMA.commercialPresence).toMatchObject({
      value: 'None',
      hasChanged: true,
    });
    expect(full.body.payload.original.sectors[0].sectorCommitement.limitationsMA.commercialPresence.value).toBe(
      'Unbound*',
    );
  });

  it('shows a counter offer to the two countries and the secretariat only', async () => {
    const id = (await call(t, 'GET', `/response-offer?offerId=${offerId}`, { token: sn.token })).body.payload[0].id;
    expect((await call(t, 'GET', `/response-offer/${id}`, { token: staff.token })).status).toBe(200);
    expect((await call(t, 'GET', `/response-offer/${id}`, { token: gh.token })).status).toBe(404);
    expect((await call(t, 'GET', '/response-offer', { token: gh.token })).body.payload).toEqual([]);
  });

  it("attaches the counter offer's PDF, readable by the other side, and refuses anything else", async () => {
    const id = (await call(t, 'GET', `/response-offer?offerId=${offerId}`, { token: sn.token })).body.payload[0].id;
    const exe = await upload(t, sn.token, 'counter.pdf', EXECUTABLE, `/response-offer/file/${id}`);
    expect(exe.status).toBe(415);
    expect(exe.body.message).toBe(RESPONSE_MESSAGES.uploadFailed);
    expect(
      (await upload(t, sn.token, 'notes.docx', SAMPLE_FILES['notes.docx'], `/response-offer/file/${id}`)).status,
    ).toBe(415);
    expect(
      (await upload(t, ke.token, 'counter.pdf', SAMPLE_FILES['schedule.pdf'], `/response-offer/file/${id}`)).status,
    ).toBe(403);
    const ok = await upload(t, sn.token, 'counter.pdf', SAMPLE_FILES['schedule.pdf'], `/response-offer/file/${id}`);
    expect(ok.status).toBe(200);
    const key = ok.body.payload.pdfFileKey;
    expect(key).toMatch(/\.pdf$/);
    const download = await fetch(`${t.api}/file/aws/download/${key}`, {
      headers: { authorization: `Bearer ${ke.token}` },
    });
    expect(download.status).toBe(200);
    expect((await download.text()).startsWith('%PDF')).toBe(true);
    expect(
      (await fetch(`${t.api}/file/aws/download/${key}`, { headers: { authorization: `Bearer ${gh.token}` } })).status,
    ).toBe(404);
  });

  it("refuses to answer an inactive country's offer", async () => {
    await t.ctx.db.update(countries).set({ active: false }).where(eq(countries.code, 'KE'));
    const res = await call(t, 'POST', `/response-offer/${offerId}`, { token: gh.token, body: { offer: counter() } });
    expect(res).toMatchObject({ status: 422, body: { message: MESSAGES.countryInactive } });
    await t.ctx.db.update(countries).set({ active: true }).where(eq(countries.code, 'KE'));
  });

  it('cannot see, so cannot answer, an offer never submitted', async () => {
    const draft = (await call(t, 'POST', '/offers', { token: gh.token, body: buildOfferDocument(1) })).body.payload.id;
    expect(
      (await call(t, 'POST', `/response-offer/${draft}`, { token: sn.token, body: { offer: counter() } })).status,
    ).toBe(404);
  });
});
