/**
 * Who commits a country with a counter offer: the rule that decides who submits the country's
 * offer decides who sends its counter offer. A focal point's counter offer is a draft the chief negotiator sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RESPONSE_MESSAGES } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument, changedCounterDocument } from '../../../test/offer-factory.js';
import { offers } from '../../db/schema/index.js';
import type { PortalEvents } from '../../events.js';

let t: TestApp;
type Signed = Awaited<ReturnType<typeof userWithToken>>;
let ke: Signed, snChief: Signed, snFocal: Signed, gh: Signed, staff: Signed;
let offerId: string;
const responded: PortalEvents['offer.responded'][] = [];

beforeAll(async () => {
  t = await startTestApp();
  ke = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
  snChief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
  snFocal = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'SN' });
  gh = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' });
  staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
  offerId = (
    await call(t, 'POST', '/offers', { token: ke.token, body: { ...buildOfferDocument(2), submittedToAU: true } })
  ).body.payload.id;
  t.ctx.events.on('offer.responded', (e) => void responded.push(e));
});
afterAll(() => t.close());

const changed = changedCounterDocument;

const create = (token: string, offer = changed(), id = offerId) =>
  call(t, 'POST', `/response-offer/${id}`, { token, body: { offer } });
const send = (token: string, id: string) => call(t, 'POST', `/response-offer/${id}/send`, { token });
const until = async <T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 4000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('counter offers: who commits a country', () => {
  it('requires authentication and refuses other roles the send action', async () => {
    const id = '11111111-1111-4111-8111-111111111111';
    expect((await call(t, 'POST', `/response-offer/${id}/send`)).status).toBe(401);
    expect((await send(staff.token, id)).status).toBe(403);
    expect((await send(snFocal.token, id)).status).toBe(403);
  });

  it("saves a focal point's counter offer as a draft: the other country and the secretariat never see it (404)", async () => {
    const before = responded.length;
    const res = await create(snFocal.token);
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({ status: 'DRAFT', sentAt: null, responderCountryCode: 'SN' });
    const id = res.body.payload.id;
    expect(responded.length).toBe(before);

    for (const who of [ke, gh, staff]) {
      expect((await call(t, 'GET', `/response-offer/${id}`, { token: who.token })).status).toBe(404);
      const list = (await call(t, 'GET', '/response-offer', { token: who.token })).body.payload;
      expect(list.map((r: { id: string }) => r.id)).not.toContain(id);
    }
    expect((await call(t, 'GET', `/offers/${offerId}`, { token: ke.token })).body.payload.respondedBy).toEqual([]);
    // The focal point's own country sees it, the focal point cannot send it.
    expect((await call(t, 'GET', `/response-offer/${id}`, { token: snChief.token })).body.payload.status).toBe('DRAFT');
    expect((await send(snFocal.token, id)).status).toBe(403);
  });

  it('tells the chief negotiator of a draft to review and send', async () => {
    const res = await create(snFocal.token);
    // Earlier tests of this file leave drafts (and their notifications) too: look for this draft's own.
    const link = `/view-response-offer/${res.body.payload.id}`;
    const mine = await until(
      () => call(t, 'GET', '/notifications/my', { token: snChief.token }).then((r) => r.body.payload),
      (p) => p.notifications.some((n: { link: string }) => n.link === link),
    );
    expect(mine.notifications.find((n: { link: string }) => n.link === link)).toMatchObject({
      kind: 'response.drafted',
      subject: 'Counter offer to send',
    });
  });

  it('the chief negotiator sends the draft with one action: the other country sees it and is told', async () => {
    const draft = (await create(snFocal.token)).body.payload;
    const id = draft.id;
    const other = await send(gh.token, id);
    expect(other.status).toBe(404);
    const sent = await send(snChief.token, id);
    expect(sent.status).toBe(200);
    expect(sent.body.payload).toMatchObject({ id, status: 'SENT', authorName: draft.authorName });
    expect(sent.body.payload.sentAt).toEqual(expect.any(String));
    expect(responded.at(-1)).toMatchObject({ offerId, responseId: id, actorId: snChief.id });
    expect((await call(t, 'GET', `/response-offer/${id}`, { token: ke.token })).status).toBe(200);
    expect((await call(t, 'GET', `/offers/${offerId}`, { token: ke.token })).body.payload.respondedBy).toEqual([
      'Senegal',
    ]);
    expect(await send(snChief.token, id)).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: RESPONSE_MESSAGES.alreadySent },
    });
  });

  it("sends the chief negotiator's own counter offer at once", async () => {
    const res = await create(snChief.token);
    expect(res.body.payload).toMatchObject({ status: 'SENT' });
    expect(responded.at(-1)).toMatchObject({ responseId: res.body.payload.id });
  });

  it("lets a focal point attach the PDF of a draft, not replace the PDF of a counter offer sent in the country's name", async () => {
    const attach = (token: string, id: string) =>
      call(t, 'POST', `/response-offer/file/${id}?lang=en`, { token, body: {} });
    const draft = (await create(snFocal.token)).body.payload.id;
    expect((await attach(snFocal.token, draft)).status).toBe(200);
    expect((await send(snChief.token, draft)).status).toBe(200);
    const before = (await call(t, 'GET', `/response-offer/${draft}`, { token: snChief.token })).body.payload.pdfFileKey;
    expect(await attach(snFocal.token, draft)).toMatchObject({ status: 403 });
    expect((await call(t, 'GET', `/response-offer/${draft}`, { token: snChief.token })).body.payload.pdfFileKey).toBe(
      before,
    );
    expect((await attach(snChief.token, draft)).status).toBe(200);
  });

  it('refuses to send a draft made against a version the offer has revised since (409, still a draft)', async () => {
    const ma = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'MA' });
    const maOffer = (
      await call(t, 'POST', '/offers', { token: ma.token, body: { ...buildOfferDocument(2), submittedToAU: true } })
    ).body.payload.id;
    const draft = (await create(snFocal.token, changed(), maOffer)).body.payload.id;
    expect((await call(t, 'POST', `/offers/${maOffer}/validate`, { token: staff.token })).status).toBe(200);
    const { revision } = (await call(t, 'GET', `/offers/${maOffer}`, { token: ma.token })).body.payload;
    const revised = await call(t, 'PUT', `/offers/${maOffer}`, {
      token: ma.token,
      body: { ...buildOfferDocument(2), submittedToAU: true, revision },
    });
    expect(revised.status).toBe(200);
    expect(await send(snChief.token, draft)).toMatchObject({ status: 409, body: { code: 'COUNTER_OFFER_OUTDATED' } });
    expect((await call(t, 'GET', `/response-offer/${draft}`, { token: snChief.token })).body.payload.status).toBe(
      'DRAFT',
    );
  });

  it('accepts a counter offer with no change (the web app asks first)', async () => {
    const res = await create(gh.token, buildOfferDocument(2));
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({ status: 'SENT', changedEntries: 0 });
  });

  it('refuses counter offers on a finalized offer, and sending a draft made before the finalization', async () => {
    const draft = (await create(snFocal.token)).body.payload.id;
    await t.ctx.db.update(offers).set({ status: 'FINAL_OFFER' }).where(eq(offers.id, offerId));
    try {
      for (const who of [gh, snFocal])
        expect(await create(who.token)).toMatchObject({
          status: 409,
          body: { code: 'OFFER_FINALIZED', message: RESPONSE_MESSAGES.offerFinalized },
        });
      expect(await send(snChief.token, draft)).toMatchObject({ status: 409, body: { code: 'OFFER_FINALIZED' } });
    } finally {
      await t.ctx.db.update(offers).set({ status: 'INITIAL_OFFER' }).where(eq(offers.id, offerId));
    }
  });
});
