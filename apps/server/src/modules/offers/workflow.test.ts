import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument } from '../../../test/offer-factory.js';
import { countries } from '../../db/schema/index.js';
import type { PortalEvents } from '../../events.js';

let t: TestApp;
type Signed = Awaited<ReturnType<typeof userWithToken>>;
let focal: Signed, chief: Signed, staff: Signed, otherChief: Signed, advisor: Signed;
const events: { name: string; payload: unknown }[] = [];

beforeAll(async () => {
  t = await startTestApp({ OFFER_LEASE_SECONDS: '2' });
  focal = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'KE' });
  chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
  otherChief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
  staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
  advisor = await userWithToken(t, { role: 'REGIONAL_ADVISOR' });
  for (const name of [
    'offer.submitted',
    'offer.returned',
    'offer.validated',
    'offer.finalized',
  ] as (keyof PortalEvents)[]) {
    t.ctx.events.on(name, (payload) => void events.push({ name, payload }));
  }
});
afterAll(() => t.close());

const get = (id: string, who: Signed) => call(t, 'GET', `/offers/${id}`, { token: who.token });
const put = (id: string, who: Signed, body: object) => call(t, 'PUT', `/offers/${id}`, { token: who.token, body });

describe("submission and the secretariat's decisions", () => {
  let id: string;
  let revision: number;

  it('a focal point drafts; the draft is invisible to other countries', async () => {
    const res = await call(t, 'POST', '/offers', { token: focal.token, body: buildOfferDocument(2) });
    id = res.body.payload.id;
    revision = res.body.payload.revision;
    expect((await get(id, otherChief)).status).toBe(404);
    expect((await get(id, advisor)).status).toBe(404);
    expect((await call(t, 'GET', '/offers/done', { token: otherChief.token })).body.payload).toEqual([]);
    expect((await get(id, staff)).status).toBe(200);
  });

  it('a focal point may not submit', async () => {
    const res = await put(id, focal, { ...buildOfferDocument(2), submittedToAU: true, revision });
    expect(res).toMatchObject({ status: 422, body: { message: MESSAGES.offerSubmitNotAllowed } });
  });

  it('the chief negotiator submits: version 1 INITIAL_OFFER, shown as IN_PROGRESS', async () => {
    const res = await put(id, chief, { ...buildOfferDocument(2), submittedToAU: true, revision });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES.offerSubmitted);
    expect(res.body.payload).toMatchObject({
      submittedToAU: true,
      versions: 1,
      status: 'IN_PROGRESS',
      offerVersions: [{ number: 1, status: 'INITIAL_OFFER' }],
    });
    expect(res.body.payload.permissions.submit).toBe(false);
    revision = res.body.payload.revision;
    expect(events.at(-1)).toMatchObject({
      name: 'offer.submitted',
      payload: { offerId: id, versionNumber: 1, status: 'INITIAL_OFFER', actorId: chief.id },
    });
  });

  it('cannot submit again until the secretariat decides', async () => {
    const res = await put(id, chief, { ...buildOfferDocument(2), submittedToAU: true, revision });
    expect(res).toMatchObject({ status: 422, body: { message: MESSAGES.offerCannotSubmit } });
  });

  it('other countries now see the submitted version, never the later draft', async () => {
    const draft = await put(id, focal, {
      ...buildOfferDocument(3, { comment: 'draft after submission' }),
      submittedToAU: false,
      revision,
    });
    revision = draft.body.payload.revision;
    const seen = await get(id, otherChief);
    expect(seen.status).toBe(200);
    expect(seen.body.payload).toMatchObject({
      versionShown: 1,
      comment: '',
      permissions: { edit: false, submit: false },
    });
    expect(seen.body.payload.sectors).toHaveLength(2);
    expect((await put(id, otherChief, { ...buildOfferDocument(1), submittedToAU: false, revision })).status).toBe(403);
    expect(
      (await call(t, 'GET', '/offers/done', { token: otherChief.token })).body.payload.map((o: { id: string }) => o.id),
    ).toEqual([id]);
  });

  it('only the secretariat decides', async () => {
    expect((await call(t, 'POST', `/offers/${id}/validate`, { token: chief.token })).status).toBe(403);
  });

  it('sending back needs a comment, then the offer is RETURNED with it', async () => {
    expect(
      await call(t, 'POST', `/offers/${id}/return`, { token: staff.token, body: { comment: '  ' } }),
    ).toMatchObject({ status: 400 });
    const res = await call(t, 'POST', `/offers/${id}/return`, {
      token: staff.token,
      body: { comment: 'Please list CPC codes for 1.A.' },
    });
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({
      status: 'RETURNED',
      offerVersions: [{ number: 1, status: 'RETURNED', comment: 'Please list CPC codes for 1.A.' }],
    });
    expect(events.at(-1)).toMatchObject({
      name: 'offer.returned',
      payload: { offerId: id, comment: 'Please list CPC codes for 1.A.' },
    });
    expect((await call(t, 'POST', `/offers/${id}/validate`, { token: staff.token })).body.message).toBe(
      MESSAGES.offerNotAwaitingReview,
    );
  });

  it('the country revises and resubmits: version 2 REVISED_OFFER; the list shows both', async () => {
    const res = await put(id, chief, { ...buildOfferDocument(3), submittedToAU: true, revision });
    expect(res.body.payload.offerVersions.map((v: { number: number; status: string }) => [v.number, v.status])).toEqual(
      [
        [1, 'RETURNED'],
        [2, 'REVISED_OFFER'],
      ],
    );
    revision = res.body.payload.revision;
    const versions = await call(t, 'GET', `/offers/version/${id}`, { token: focal.token });
    expect(versions.body.payload).toHaveLength(2);
    const first = await call(t, 'GET', `/offers/version/${id}/1`, { token: focal.token });
    expect(first.body.payload).toMatchObject({ versionShown: 1, permissions: { edit: false } });
    expect(first.body.payload.sectors).toHaveLength(2);
    expect((await call(t, 'GET', `/offers/version/${id}/9`, { token: focal.token })).status).toBe(404);
  });

  it("an inactive country's offer cannot be validated or sent back", async () => {
    await t.ctx.db.update(countries).set({ active: false }).where(eq(countries.code, 'KE'));
    for (const action of ['validate', 'finalize']) {
      expect(await call(t, 'POST', `/offers/${id}/${action}`, { token: staff.token })).toMatchObject({
        status: 422,
        body: { message: MESSAGES.countryInactive },
      });
    }
    expect(
      (await call(t, 'POST', `/offers/${id}/return`, { token: staff.token, body: { comment: 'x' } })).body.message,
    ).toBe(MESSAGES.countryInactive);
    await t.ctx.db.update(countries).set({ active: true }).where(eq(countries.code, 'KE'));
  });

  it('validation makes it COMMITMENT; the queue lists it', async () => {
    const res = await call(t, 'POST', `/offers/${id}/validate`, { token: staff.token });
    expect(res.body.payload.status).toBe('COMMITMENT');
    expect(res.body.payload.offerVersions[1]).toMatchObject({ status: 'COMMITMENT', decidedAt: expect.any(String) });
    const queue = await call(t, 'GET', '/offers/validate', { token: staff.token });
    expect(queue.body.payload[0]).toMatchObject({ id, status: 'COMMITMENT', versions: 2, countryCode: 'KE' });
    expect((await get(id, chief)).body.payload.permissions.submit).toBe(true);
  });

  it('finalizing ends editing for good', async () => {
    const res = await call(t, 'POST', `/offers/${id}/finalize`, { token: staff.token });
    expect(res.body.payload).toMatchObject({ status: 'FINAL_OFFER', permissions: { edit: false, submit: false } });
    expect(events.map((e) => e.name)).toEqual([
      'offer.submitted',
      'offer.returned',
      'offer.submitted',
      'offer.validated',
      'offer.finalized',
    ]);
    const edit = await put(id, chief, { ...buildOfferDocument(1), submittedToAU: false, revision });
    expect(edit).toMatchObject({ status: 422, body: { message: MESSAGES.offerFinalized } });
    expect((await call(t, 'POST', `/offers/${id}/finalize`, { token: staff.token })).body.message).toBe(
      MESSAGES.offerFinalized,
    );
    expect((await call(t, 'GET', `/offers/checkOpenOffer/${id}`, { token: chief.token })).status).toBe(422);
  });
});

describe('the edit lease', () => {
  let id: string;
  let revision: number;
  beforeAll(async () => {
    const owner = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'GH' });
    focal = owner;
    chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' });
    const res = await call(t, 'POST', '/offers', { token: owner.token, body: buildOfferDocument(1) });
    id = res.body.payload.id;
    revision = res.body.payload.revision;
  });

  it('lets one session open the offer; another gets NOT_OPEN, for opening and for saving', async () => {
    const lease = await call(t, 'GET', `/offers/checkOpenOffer/${id}`, { token: focal.token });
    expect(lease.body.payload).toMatchObject({ offerId: id, heartbeatSeconds: expect.any(Number) });
    expect((await call(t, 'GET', `/offers/checkOpenOffer/${id}`, { token: focal.token })).status).toBe(200);
    const second = await call(t, 'GET', `/offers/checkOpenOffer/${id}`, { token: chief.token });
    expect(second).toMatchObject({ status: 409, body: { code: 'NOT_OPEN', message: MESSAGES.offerAlreadyOpened } });
    expect((await put(id, chief, { ...buildOfferDocument(1), submittedToAU: false, revision })).body.code).toBe(
      'NOT_OPEN',
    );
    expect((await call(t, 'GET', `/offers/checkOpenOffer/${id}`, { token: otherChief.token })).status).toBe(404);
  });

  it('frees the offer when the holder gives it back', async () => {
    await call(t, 'DELETE', `/offers/checkOpenOffer/${id}`, { token: focal.token });
    expect((await call(t, 'GET', `/offers/checkOpenOffer/${id}`, { token: chief.token })).status).toBe(200);
  });

  it('frees the offer when heartbeats stop', async () => {
    expect((await call(t, 'GET', `/offers/checkOpenOffer/${id}`, { token: focal.token })).status).toBe(409);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await call(t, 'GET', `/offers/checkOpenOffer/${id}`, { token: focal.token })).status).toBe(200);
  });
});

describe('comparing offers', () => {
  it('lists the countries with a submitted offer and shows up to 4 side by side', async () => {
    const ng = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'NG' });
    const created = await call(t, 'POST', '/offers', {
      token: ng.token,
      body: { ...buildOfferDocument(2), submittedToAU: true },
    });
    expect(created.body.payload.versions).toBe(1);
    const draftOnly = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'ZA' });
    await call(t, 'POST', '/offers', { token: draftOnly.token, body: buildOfferDocument(1) });

    expect((await call(t, 'GET', '/offers/countriesConditional', { token: ng.token })).status).toBe(403);
    const listed = (await call(t, 'GET', '/offers/countriesConditional', { token: staff.token })).body.payload as {
      code: string;
    }[];
    expect(listed.map((c) => c.code)).toContain('NG');
    expect(listed.map((c) => c.code)).not.toContain('ZA');

    const res = await call(t, 'POST', '/offers/offerBycountriesConditional', {
      token: staff.token,
      body: { countries: ['Nigeria', 'ZA'] },
    });
    expect(res.status).toBe(200);
    expect(res.body.payload).toHaveLength(1);
    expect(res.body.payload[0]).toMatchObject({ countryCode: 'NG', version: 1, status: 'INITIAL_OFFER' });
    expect(res.body.payload[0].sectors).toHaveLength(2);

    const five = await call(t, 'POST', '/offers/offerBycountriesConditional', {
      token: staff.token,
      body: { countries: ['KE', 'NG', 'GH', 'SN', 'ZA'] },
    });
    expect(five).toMatchObject({ status: 400, body: { message: 'At most 4 countries can be compared.' } });
  });
});
