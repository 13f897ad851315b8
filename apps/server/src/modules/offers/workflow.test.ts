import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument, countryOffer } from '../../../test/offer-factory.js';
import { countries } from '../../db/schema/index.js';
import type { PortalEvents } from '../../events.js';

// Every test brings its own country's offer to the stage it needs (countryOffer), so each runs alone and in any order.
let t: TestApp;
type Signed = Awaited<ReturnType<typeof userWithToken>>;
const events: { name: string; payload: { offerId?: string } }[] = [];

beforeAll(async () => {
  t = await startTestApp({ OFFER_LEASE_SECONDS: '2' });
  for (const name of [
    'offer.submitted',
    'offer.returned',
    'offer.validated',
    'offer.finalized',
  ] as (keyof PortalEvents)[]) {
    t.ctx.events.on(name, (payload) => void events.push({ name, payload: payload as { offerId?: string } }));
  }
});
afterAll(() => t.close());

const get = (id: string, who: Signed) => call(t, 'GET', `/offers/${id}`, { token: who.token });
const put = (id: string, who: Signed, body: object) => call(t, 'PUT', `/offers/${id}`, { token: who.token, body });
const eventsOf = (offerId: string) => events.filter((e) => e.payload.offerId === offerId);
const staffUser = () => userWithToken(t, { role: 'AFRICAN_UNION' });
const chiefOf = (country: string) => userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country });

describe("submission and the secretariat's decisions", () => {
  it('a focal point drafts; the draft is invisible to other countries', async () => {
    const { id } = await countryOffer(t, 'KE');
    const otherChief = await chiefOf('SN');
    const advisor = await userWithToken(t, { role: 'REGIONAL_ADVISOR' });
    expect((await get(id, otherChief)).status).toBe(404);
    expect((await get(id, advisor)).status).toBe(404);
    const done = (await call(t, 'GET', '/offers/done', { token: otherChief.token })).body.payload;
    expect(done.map((o: { id: string }) => o.id)).not.toContain(id);
    expect((await get(id, await staffUser())).status).toBe(200);
  });

  it('a focal point may not submit', async () => {
    const { id, focal, revision } = await countryOffer(t, 'UG');
    const res = await put(id, focal, { ...buildOfferDocument(2), submittedToAU: true, revision });
    expect(res).toMatchObject({ status: 422, body: { message: MESSAGES.offerSubmitNotAllowed } });
  });

  it('the chief negotiator submits: version 1 INITIAL_OFFER (the editor alone shows it as IN_PROGRESS)', async () => {
    const { id, chief, revision } = await countryOffer(t, 'TZ');
    const res = await put(id, chief, { ...buildOfferDocument(2), submittedToAU: true, revision });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES.offerSubmitted);
    expect(res.body.payload).toEqual({ id, revision: revision + 1, status: 'INITIAL_OFFER' });
    const submitted = (await call(t, 'GET', `/offers/${id}`, { token: chief.token })).body.payload;
    expect(submitted).toMatchObject({
      submittedToAU: true,
      versions: 1,
      status: 'INITIAL_OFFER',
      offerVersions: [{ number: 1, status: 'INITIAL_OFFER' }],
    });
    expect(submitted.permissions.submit).toBe(false);
    expect(eventsOf(id)).toMatchObject([
      {
        name: 'offer.submitted',
        payload: { offerId: id, versionNumber: 1, status: 'INITIAL_OFFER', actorId: chief.id },
      },
    ]);
  });

  it('cannot submit again until the secretariat decides', async () => {
    const { id, chief, revision } = await countryOffer(t, 'RW', 'submitted');
    const res = await put(id, chief, { ...buildOfferDocument(2), submittedToAU: true, revision });
    expect(res).toMatchObject({ status: 422, body: { message: MESSAGES.offerCannotSubmit } });
  });

  it('other countries now see the submitted version, never the later draft', async () => {
    const { id, focal, revision } = await countryOffer(t, 'BI', 'submitted');
    const otherChief = await chiefOf('SN');
    const draft = await put(id, focal, {
      ...buildOfferDocument(3, { comment: 'draft after submission' }),
      submittedToAU: false,
      revision,
    });
    const seen = await get(id, otherChief);
    expect(seen.status).toBe(200);
    expect(seen.body.payload).toMatchObject({
      versionShown: 1,
      comment: '',
      permissions: { edit: false, submit: false },
    });
    expect(seen.body.payload.sectors).toHaveLength(2);
    const next = { ...buildOfferDocument(1), submittedToAU: false, revision: draft.body.payload.revision };
    expect((await put(id, otherChief, next)).status).toBe(403);
    const done = (await call(t, 'GET', '/offers/done', { token: otherChief.token })).body.payload;
    expect(done.map((o: { id: string }) => o.id)).toContain(id);
  });

  it('only the secretariat decides', async () => {
    const { id, chief } = await countryOffer(t, 'ET', 'submitted');
    expect((await call(t, 'POST', `/offers/${id}/validate`, { token: chief.token })).status).toBe(403);
  });

  it('sending back needs a comment, then the offer is RETURNED with it', async () => {
    const { id } = await countryOffer(t, 'ZM', 'submitted');
    const staff = await staffUser();
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
    expect(eventsOf(id).at(-1)).toMatchObject({
      name: 'offer.returned',
      payload: { offerId: id, comment: 'Please list CPC codes for 1.A.' },
    });
    expect((await call(t, 'POST', `/offers/${id}/validate`, { token: staff.token })).body.message).toBe(
      MESSAGES.offerNotAwaitingReview,
    );
  });

  it('the country revises and resubmits: version 2 REVISED_OFFER; the list shows both', async () => {
    const { id, chief, focal, revision } = await countryOffer(t, 'MW', 'returned');
    expect((await put(id, chief, { ...buildOfferDocument(3), submittedToAU: true, revision })).status).toBe(200);
    const resubmitted = (await call(t, 'GET', `/offers/${id}`, { token: chief.token })).body.payload;
    expect(resubmitted.offerVersions.map((v: { number: number; status: string }) => [v.number, v.status])).toEqual([
      [1, 'RETURNED'],
      [2, 'REVISED_OFFER'],
    ]);
    const versions = await call(t, 'GET', `/offers/version/${id}`, { token: focal.token });
    expect(versions.body.payload).toHaveLength(2);
    const first = await call(t, 'GET', `/offers/version/${id}/1`, { token: focal.token });
    expect(first.body.payload).toMatchObject({ versionShown: 1, permissions: { edit: false } });
    expect(first.body.payload.sectors).toHaveLength(2);
    expect((await call(t, 'GET', `/offers/version/${id}/9`, { token: focal.token })).status).toBe(404);
  });

  it("an inactive country's offer cannot be validated or sent back", async () => {
    const { id } = await countryOffer(t, 'MZ', 'resubmitted');
    const staff = await staffUser();
    await t.ctx.db.update(countries).set({ active: false }).where(eq(countries.code, 'MZ'));
    for (const action of ['validate', 'finalize']) {
      expect(await call(t, 'POST', `/offers/${id}/${action}`, { token: staff.token })).toMatchObject({
        status: 422,
        body: { message: MESSAGES.countryInactive },
      });
    }
    expect(
      (await call(t, 'POST', `/offers/${id}/return`, { token: staff.token, body: { comment: 'x' } })).body.message,
    ).toBe(MESSAGES.countryInactive);
  });

  it('validation makes it COMMITMENT; the queue lists it', async () => {
    const { id, chief } = await countryOffer(t, 'NA', 'resubmitted');
    const staff = await staffUser();
    const res = await call(t, 'POST', `/offers/${id}/validate`, { token: staff.token });
    expect(res.body.payload.status).toBe('COMMITMENT');
    expect(res.body.payload.offerVersions[1]).toMatchObject({ status: 'COMMITMENT', decidedAt: expect.any(String) });
    const queue = await call(t, 'GET', '/offers/validate', { token: staff.token });
    expect(queue.body.payload.find((o: { id: string }) => o.id === id)).toMatchObject({
      status: 'COMMITMENT',
      versions: 2,
      countryCode: 'NA',
    });
    expect((await get(id, chief)).body.payload.permissions.submit).toBe(true);
  });

  it('finalizing ends editing for good', async () => {
    const { id, chief, revision } = await countryOffer(t, 'BW', 'validated');
    const staff = await staffUser();
    const res = await call(t, 'POST', `/offers/${id}/finalize`, { token: staff.token });
    expect(res.body.payload).toMatchObject({ status: 'FINAL_OFFER', permissions: { edit: false, submit: false } });
    expect(eventsOf(id).map((e) => e.name)).toEqual([
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
  const lease = (id: string, who: Signed, method: 'GET' | 'DELETE' = 'GET') =>
    call(t, method, `/offers/checkOpenOffer/${id}`, { token: who.token });

  it('lets one session open the offer; another gets NOT_OPEN, for opening and for saving', async () => {
    const { id, focal, chief, revision } = await countryOffer(t, 'GH');
    const held = await lease(id, focal);
    expect(held.body.payload).toMatchObject({ offerId: id, heartbeatSeconds: expect.any(Number) });
    expect((await lease(id, focal)).status).toBe(200);
    const second = await lease(id, chief);
    expect(second).toMatchObject({ status: 409, body: { code: 'NOT_OPEN', message: MESSAGES.offerAlreadyOpened } });
    expect((await put(id, chief, { ...buildOfferDocument(1), submittedToAU: false, revision })).body.code).toBe(
      'NOT_OPEN',
    );
    expect((await lease(id, await chiefOf('SN'))).status).toBe(404);
  });

  it('frees the offer when the holder gives it back', async () => {
    const { id, focal, chief } = await countryOffer(t, 'CM');
    expect((await lease(id, focal)).status).toBe(200);
    await lease(id, focal, 'DELETE');
    expect((await lease(id, chief)).status).toBe(200);
  });

  it('frees the offer when heartbeats stop', async () => {
    const { id, focal, chief } = await countryOffer(t, 'CI');
    expect((await lease(id, chief)).status).toBe(200);
    expect((await lease(id, focal)).status).toBe(409);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await lease(id, focal)).status).toBe(200);
  });
});

describe('comparing offers', () => {
  it('lists the countries with a submitted offer and shows up to 4 side by side', async () => {
    const ng = await chiefOf('NG');
    const staff = await staffUser();
    const created = await call(t, 'POST', '/offers', {
      token: ng.token,
      body: { ...buildOfferDocument(2), submittedToAU: true },
    });
    expect(created.body.payload.versions).toBe(1);
    const draftOnly = await chiefOf('ZA');
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
