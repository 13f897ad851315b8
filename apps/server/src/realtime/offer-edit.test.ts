import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { call } from '../../test/http.js';
import { userWithToken } from '../../test/factories.js';
import { buildOfferDocument } from '../../test/offer-factory.js';
import { eq } from 'drizzle-orm';
import { offerLeases, users } from '../db/schema/index.js';
import { connectLive, liveUrl, type LiveClient } from './testing.js';
import { only } from '../lib/only.js';

let t: TestApp;
type Signed = Awaited<ReturnType<typeof userWithToken>>;
let keFocal: Signed, keChief: Signed, snChief: Signed, snFocal: Signed, staff: Signed, advisor: Signed;
/** Kenya's offer stays an unsubmitted draft; Senegal's has a submitted version. */
let keDraft: string, snSubmitted: string;
const open: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp();
  keFocal = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'KE' });
  keChief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
  snChief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
  snFocal = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'SN' });
  staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
  advisor = await userWithToken(t, { role: 'REGIONAL_ADVISOR' });
  keDraft = (await call(t, 'POST', '/offers', { token: keFocal.token, body: buildOfferDocument(1) })).body.payload.id;
  const sn = (await call(t, 'POST', '/offers', { token: snChief.token, body: buildOfferDocument(1) })).body.payload;
  snSubmitted = sn.id;
  const submitted = await call(t, 'PUT', `/offers/${sn.id}`, {
    token: snChief.token,
    body: { ...buildOfferDocument(1), submittedToAU: true, revision: sn.revision },
  });
  expect(submitted.status).toBe(200);
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close().catch(() => {})));
  await t.close();
});

async function nameOf(userId: string): Promise<string> {
  const u = only(await t.ctx.db.select().from(users).where(eq(users.id, userId)));
  return `${u.firstName} ${u.lastName}`;
}

async function live(who: Signed, subscribe = true): Promise<LiveClient> {
  const client = await connectLive(liveUrl(t.api), who.token);
  open.push(client);
  if (subscribe) await client.subscribe('/topic/offer-edit');
  return client;
}

describe('/topic/offer-edit SEND', () => {
  it('refuses an announcement from a user who may not edit the offer', async () => {
    for (const who of [snChief, advisor, staff]) {
      const sender = await live(who, false);
      sender.client.publish({ destination: '/topic/offer-edit', headers: { offerId: keDraft } });
      const { error } = await sender.closed;
      expect(error?.headers.message).toBe('You cannot edit this offer');
    }
  });

  it('refuses an offer that does not exist, with the same answer', async () => {
    const sender = await live(keFocal, false);
    sender.client.publish({ destination: '/topic/offer-edit', headers: { offerId: 'offer-42' } });
    expect((await sender.closed).error?.headers.message).toBe('You cannot edit this offer');
  });

  it('builds the message on the server: a forged body or login is not passed on', async () => {
    const watcher = await live(keChief);
    const sender = await live(keFocal, false);
    sender.client.publish({
      destination: '/topic/offer-edit',
      headers: { offerId: keDraft, login: 'someone.else@example.org' },
      body: JSON.stringify({
        offerId: snSubmitted,
        login: 'someone.else@example.org',
        script: '<img src=x onerror=alert(1)>',
      }),
    });
    const msg = await watcher.next('/topic/offer-edit');
    expect(msg.headers.offerId).toBe(keDraft);
    expect(msg.headers.login).toBe(keFocal.email);
    expect(JSON.parse(msg.body)).toEqual({
      offerId: keDraft,
      login: keFocal.email,
      name: await nameOf(keFocal.id),
      editing: true,
    });
  });

  it('announces the closing of the editor (editing: false)', async () => {
    const watcher = await live(keChief);
    const sender = await live(keFocal, false);
    sender.client.publish({ destination: '/topic/offer-edit', headers: { offerId: keDraft, editing: 'false' } });
    const msg = await watcher.next('/topic/offer-edit');
    expect(msg.headers).toMatchObject({ offerId: keDraft, login: keFocal.email, editing: 'false' });
    expect(JSON.parse(msg.body)).toMatchObject({ offerId: keDraft, editing: false });
  });

  it("renews the announcing session's edit lease, and gives it back on closing", async () => {
    const leaseOf = async () =>
      (await t.ctx.db.select().from(offerLeases).where(eq(offerLeases.offerId, keDraft)))[0] ?? null;
    await t.ctx.db.delete(offerLeases).where(eq(offerLeases.offerId, keDraft));
    expect((await call(t, 'GET', `/offers/checkOpenOffer/${keDraft}`, { token: keFocal.token })).status).toBe(200);
    // The lease as if it were about to run out: the announcement moves it forward again.
    const soon = new Date(Date.now() + 2000);
    await t.ctx.db.update(offerLeases).set({ expiresAt: soon }).where(eq(offerLeases.offerId, keDraft));
    const sender = await live(keFocal, false);
    sender.client.publish({ destination: '/topic/offer-edit', headers: { offerId: keDraft } });
    await expect.poll(async () => (await leaseOf())?.expiresAt.getTime()).toBeGreaterThan(soon.getTime());

    // Another of Kenya's editors closing the same offer does not give back a lease it does not hold.
    const held = (await leaseOf())!;
    const other = await live(keChief, false);
    other.client.publish({ destination: '/topic/offer-edit', headers: { offerId: keDraft, editing: 'false' } });
    const later = new Date(Date.now() + 2000);
    await t.ctx.db.update(offerLeases).set({ expiresAt: later }).where(eq(offerLeases.offerId, keDraft));
    sender.client.publish({ destination: '/topic/offer-edit', headers: { offerId: keDraft } });
    await expect.poll(async () => (await leaseOf())?.expiresAt.getTime()).toBeGreaterThan(later.getTime());
    expect((await leaseOf())?.sessionId).toBe(held.sessionId);

    sender.client.publish({ destination: '/topic/offer-edit', headers: { offerId: keDraft, editing: 'false' } });
    await expect.poll(leaseOf).toBeNull();
  });
});

describe('/topic/offer-edit delivery', () => {
  it("delivers announcements only to the offer's own country and the secretariat, even once the offer is submitted", async () => {
    const keWatcher = await live(keChief);
    const snWatcher = await live(snFocal);
    const secretariat = await live(staff);
    const outsider = await live(advisor);
    const keSender = await live(keFocal, false);
    const snSender = await live(snChief, false);
    const offerIds = (c: LiveClient) => c.messages.map((m) => m.headers.offerId);

    keSender.client.publish({ destination: '/topic/offer-edit', headers: { offerId: keDraft } });
    expect((await keWatcher.next('/topic/offer-edit')).headers.offerId).toBe(keDraft);
    expect((await secretariat.next('/topic/offer-edit')).headers.offerId).toBe(keDraft);

    // Senegal's offer has a submitted version: still, that someone edits its draft is news for Senegal alone.
    snSender.client.publish({ destination: '/topic/offer-edit', headers: { offerId: snSubmitted } });
    const own = await snWatcher.next('/topic/offer-edit');
    expect(own.headers).toMatchObject({ offerId: snSubmitted, login: snChief.email });
    expect((await secretariat.next('/topic/offer-edit')).headers.offerId).toBe(snSubmitted);

    // A later announcement to Kenya: had Senegal's reached Kenya, it would have arrived before this one.
    keSender.client.publish({ destination: '/topic/offer-edit', headers: { offerId: keDraft } });
    expect((await keWatcher.next('/topic/offer-edit')).headers.offerId).toBe(keDraft);
    await new Promise((r) => setTimeout(r, 100));
    expect(offerIds(keWatcher)).not.toContain(snSubmitted);
    expect(offerIds(snWatcher)).not.toContain(keDraft);
    expect(outsider.messages).toEqual([]);
    expect(JSON.stringify(keWatcher.messages.map((m) => m.body))).not.toContain(snChief.email);
  });
});
