/**
 * One negotiator signed in on two machines: the edit lease tells their other session apart from another user, lets
 * them take it over here, tells the session that lost it live, and refuses that session's saves without writing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERROR_CATALOGUE, MESSAGES, NOTIFICATION_TOPIC } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { signIn, userWithToken } from '../../../test/factories.js';
import { buildOfferDocument, countryOffer } from '../../../test/offer-factory.js';
import { must } from '../../../test/must.js';
import { offerLeases, offers } from '../../db/schema/index.js';

let t: TestApp;
type Signed = Awaited<ReturnType<typeof userWithToken>>;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const open = (id: string, token: string) => call(t, 'GET', `/offers/checkOpenOffer/${id}`, { token });
const takeOver = (id: string, token: string) => call(t, 'POST', `/offers/${id}/takeover`, { token });
/** The same user signed in a second time: another session, as on another machine. */
const secondSession = async (who: Signed) => (await signIn(t, who)).access_token;
const inOtherSession = {
  status: 409,
  body: { code: 'OFFER_OPEN_IN_OTHER_SESSION', message: ERROR_CATALOGUE.OFFER_OPEN_IN_OTHER_SESSION.message },
};
const leaseOf = async (id: string) => (await t.ctx.db.select().from(offerLeases).where(eq(offerLeases.offerId, id)))[0];

describe('POST /offers/:id/takeover', () => {
  it('requires authentication', async () => {
    const { id } = await countryOffer(t, 'ZM');
    expect((await call(t, 'POST', `/offers/${id}/takeover`)).status).toBe(401);
  });

  it('refuses other roles', async () => {
    const { id } = await countryOffer(t, 'ZW');
    const advisor = await userWithToken(t, { role: 'REGIONAL_ADVISOR' });
    expect((await takeOver(id, advisor.token)).status).toBe(403);
  });
});

describe('the edit lease of one user in two sessions', () => {
  it('answers OFFER_OPEN_IN_OTHER_SESSION to the same user elsewhere, NOT_OPEN to another user', async () => {
    const { id, chief, focal } = await countryOffer(t, 'UG');
    expect((await open(id, chief.token)).status).toBe(200);
    const held = await leaseOf(id);
    const laptop = await secondSession(chief);
    expect(await open(id, laptop)).toMatchObject(inOtherSession);
    expect(await open(id, focal.token)).toMatchObject({
      status: 409,
      body: { code: 'NOT_OPEN', message: MESSAGES.offerAlreadyOpened },
    });
    // Refusals change nothing: the first session still holds the lease, until the same moment.
    expect(await leaseOf(id)).toEqual(held);
  });

  it('moves the lease to the session that takes it over and tells the user live', async () => {
    const { id, chief } = await countryOffer(t, 'TZ');
    expect((await open(id, chief.token)).status).toBe(200);
    const first = must(await leaseOf(id)).sessionId;
    const laptop = await secondSession(chief);
    const publish = vi.spyOn(t.ctx.realtime, 'publish');
    try {
      const taken = await takeOver(id, laptop);
      expect(taken).toMatchObject({
        status: 200,
        body: { payload: { offerId: id, heartbeatSeconds: expect.any(Number) } },
      });
      const lease = must(await leaseOf(id));
      expect(lease.sessionId).not.toBe(first);
      expect(lease.userId).toBe(chief.id);
      await vi.waitFor(() =>
        expect(publish).toHaveBeenCalledWith(
          NOTIFICATION_TOPIC,
          { type: 'OFFER_LEASE_MOVED', offerId: id },
          { 'user-id': chief.id },
          [`user:${chief.id}`],
        ),
      );
    } finally {
      publish.mockRestore();
    }
    // The session that lost it is now the other session, and may take it back.
    expect(await open(id, chief.token)).toMatchObject(inOtherSession);
    expect((await open(id, laptop)).status).toBe(200);
    expect((await takeOver(id, chief.token)).status).toBe(200);
    expect((await leaseOf(id))?.sessionId).toBe(first);
  });

  it('refuses the save of the session that lost the lease and writes nothing', async () => {
    const { id, chief, revision } = await countryOffer(t, 'RW');
    expect((await open(id, chief.token)).status).toBe(200);
    const laptop = await secondSession(chief);
    expect((await takeOver(id, laptop)).status).toBe(200);
    const [before] = await t.ctx.db.select().from(offers).where(eq(offers.id, id));
    const save = await call(t, 'PUT', `/offers/${id}`, {
      token: chief.token,
      body: { ...buildOfferDocument(1, { name: 'Written from the lost session' }), submittedToAU: false, revision },
    });
    expect(save).toMatchObject(inOtherSession);
    const [after] = await t.ctx.db.select().from(offers).where(eq(offers.id, id));
    expect(after).toEqual(before);
    // The session holding the lease saves.
    const saved = await call(t, 'PUT', `/offers/${id}`, {
      token: laptop,
      body: { ...buildOfferDocument(1), submittedToAU: false, revision },
    });
    expect(saved.status).toBe(200);
  });

  it('lets nobody take over a lease another user holds, and changes nothing', async () => {
    const { id, chief, focal } = await countryOffer(t, 'MW');
    expect((await open(id, focal.token)).status).toBe(200);
    const held = await leaseOf(id);
    const publish = vi.spyOn(t.ctx.realtime, 'publish');
    try {
      expect(await takeOver(id, chief.token)).toMatchObject({
        status: 409,
        body: { code: 'NOT_OPEN', message: MESSAGES.offerAlreadyOpened },
      });
      expect(publish).not.toHaveBeenCalledWith(
        NOTIFICATION_TOPIC,
        expect.anything(),
        expect.anything(),
        expect.anything(),
      );
    } finally {
      publish.mockRestore();
    }
    expect(await leaseOf(id)).toEqual(held);
  });

  it('takes a free lease, and answers 404 for an offer one may not see', async () => {
    const { id, chief } = await countryOffer(t, 'MZ');
    expect((await takeOver(id, chief.token)).status).toBe(200);
    expect((await leaseOf(id))?.userId).toBe(chief.id);
    const other = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    expect((await takeOver(id, other.token)).status).toBe(404);
  });
});

describe('the lease of a session that ends', () => {
  it('is given back when the session signs out, so the same user signing in again opens the offer at once', async () => {
    const { id, chief } = await countryOffer(t, 'GA');
    const first = await secondSession(chief);
    expect((await open(id, first)).status).toBe(200);
    expect((await call(t, 'POST', '/log/logout', { token: first })).status).toBe(200);
    await vi.waitFor(async () => expect(await leaseOf(id)).toBeUndefined());
    const again = await secondSession(chief);
    expect((await open(id, again)).status).toBe(200);
  });

  it("leaves another session's lease alone", async () => {
    const { id, chief } = await countryOffer(t, 'BW');
    const editing = await secondSession(chief);
    expect((await open(id, editing)).status).toBe(200);
    const held = await leaseOf(id);
    const other = await secondSession(chief);
    expect((await call(t, 'POST', '/log/logout', { token: other })).status).toBe(200);
    expect(await leaseOf(id)).toEqual(held);
  });
});
