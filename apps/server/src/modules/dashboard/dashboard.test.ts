import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { newRoom, userWithToken } from '../../../test/factories.js';
import {
  buildOfferDocument,
  changedCounterDocument,
  countryOffer,
  scheduledSector,
  type CountryOffer,
} from '../../../test/offer-factory.js';
import { connectLive, liveUrl } from '../../realtime/testing.js';
import { until } from '../../../test/until.js';

let t: TestApp;
/** Kenya's offer was sent back with a comment; Senegal's was submitted; Ghana's validated (version 2). */
let ke: CountryOffer, sn: CountryOffer, gh: CountryOffer;

beforeAll(async () => {
  t = await startTestApp();
  ke = await countryOffer(t, 'KE', 'returned');
  sn = await countryOffer(t, 'SN', 'submitted');
  gh = await countryOffer(t, 'GH', 'validated');
});
afterAll(() => t.close());

const dashboard = async (token: string) => {
  const res = await call(t, 'GET', '/dashboard', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.payload;
};

describe('GET /dashboard', () => {
  it('requires authentication', async () => {
    expect((await call(t, 'GET', '/dashboard')).status).toBe(401);
  });

  it("shows a country its offer's status with the secretariat's last comment", async () => {
    const p = await dashboard(ke.focal.token);
    expect(p.myOffer).toMatchObject({
      offerId: ke.id,
      status: 'RETURNED',
      versions: 1,
      lastComment: { text: 'Please revise.', versionNumber: 1, at: expect.any(String) },
      link: `/edit-offer/${ke.id}`,
    });
    expect(p.awaitingDecision).toBeNull();
    expect(p.countriesWithoutOffer).toBeNull();
    const nigeria = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'NG' });
    expect(await dashboard(nigeria.token)).toMatchObject({ myOffer: null, requests: [], counterOffers: [] });
  });

  it('lists requests received and not answered, until they are answered; a third country sees none', async () => {
    const sector = scheduledSector('1.A.a', ['None', 'None', 'None', 'Unbound'], ['None', 'None', 'None', 'Unbound']);
    const sent = await call(t, 'POST', `/request-offer/${ke.id}`, {
      token: sn.chief.token,
      body: { note: 'Please bind legal services.', sectors: [sector], submitted: true },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const requestId = sent.body.payload.id;
    expect((await dashboard(ke.focal.token)).requests).toEqual([
      {
        requestId,
        offerId: ke.id,
        requestingCountryCode: 'SN',
        requestingCountryName: 'Senegal',
        sectorCount: 1,
        sentAt: expect.any(String),
        link: `/request-offer/${ke.id}/${requestId}`,
      },
    ]);
    expect((await dashboard(gh.chief.token)).requests).toEqual([]);
    expect((await dashboard(sn.chief.token)).requests).toEqual([]);
    await call(t, 'POST', `/request-offer/${ke.id}/${requestId}/answer`, {
      token: ke.chief.token,
      body: { note: 'We will revise.' },
    });
    expect((await dashboard(ke.chief.token)).requests).toEqual([]);
  });

  it('lists counter offers with entries still open, through a revised version, until each entry is decided', async () => {
    const res = await call(t, 'POST', `/response-offer/${gh.id}`, {
      token: sn.chief.token,
      body: { counterCountry: 'SN', offer: changedCounterDocument() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const responseId = res.body.payload.id;
    expect((await dashboard(gh.focal.token)).counterOffers).toEqual([
      {
        responseId,
        offerId: gh.id,
        responderCountryCode: 'SN',
        responderCountryName: 'Senegal',
        versionNumber: 2,
        sentAt: expect.any(String),
        link: `/view-response-offer/${responseId}`,
      },
    ]);
    expect((await dashboard(ke.focal.token)).counterOffers).toEqual([]);
    // A revised version does not answer Senegal's proposal: its entry is still open.
    const revised = await call(t, 'PUT', `/offers/${gh.id}`, {
      token: gh.chief.token,
      body: { ...buildOfferDocument(3), submittedToAU: true, revision: gh.revision },
    });
    expect(revised.status, JSON.stringify(revised.body)).toBe(200);
    gh.revision = revised.body.payload.revision;
    expect((await dashboard(gh.focal.token)).counterOffers).toHaveLength(1);
    // Ghana declines every entry: the counter offer is answered.
    const { entries } = (await call(t, 'GET', `/response-offer/${responseId}/entries`, { token: gh.chief.token })).body
      .payload;
    for (const [i, entry] of (entries as { key: string }[]).entries()) {
      const declined = await call(t, 'PUT', `/response-offer/${responseId}/entries/${entry.key}`, {
        token: gh.chief.token,
        body: { decision: 'DECLINED' },
      });
      expect(declined.status, JSON.stringify(declined.body)).toBe(200);
      expect((await dashboard(gh.focal.token)).counterOffers).toHaveLength(i === entries.length - 1 ? 0 : 1);
    }
  });

  it('shows the secretariat the versions awaiting a decision, oldest first, and countries without an offer', async () => {
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const p = await dashboard(staff.token);
    expect(p.myOffer).toBeNull();
    expect(p.requests).toBeNull();
    // Kenya's version was sent back (decided); Senegal submitted before Ghana's revised offer.
    expect(p.awaitingDecision.map((o: { countryCode: string; status: string }) => [o.countryCode, o.status])).toEqual([
      ['SN', 'INITIAL_OFFER'],
      ['GH', 'REVISED_OFFER'],
    ]);
    expect(p.awaitingDecision[0]).toMatchObject({ offerId: sn.id, versionNumber: 1, link: '/offers-validate' });
    const without = p.countriesWithoutOffer.map((c: { code: string }) => c.code);
    expect(without).toContain('ZA');
    expect(without).not.toContain('KE');
    expect(p.countriesWithoutOffer.find((c: { code: string }) => c.code === 'ZA')).toMatchObject({
      name: 'South Africa',
      link: '/add-offer',
    });
    const advisor = await userWithToken(t, { role: 'REGIONAL_ADVISOR' });
    expect(await dashboard(advisor.token)).toMatchObject({
      myOffer: null,
      requests: null,
      counterOffers: null,
      awaitingDecision: null,
      countriesWithoutOffer: null,
      rooms: [],
    });
  });

  it('lists rooms with unread messages, with their count, until they are read', async () => {
    const me = await userWithToken(t, { country: 'KE' });
    const sender = await userWithToken(t, { country: 'SN' });
    const room = (await call(t, 'POST', '/chats/addRomes', { token: sender.token, body: newRoom('Mode 3', [me.id]) }))
      .body.payload;
    const s = await connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${room.id}`), sender.token);
    await s.subscribe(`/topic/messages/${room.id}`);
    for (const text of ['one', 'two']) {
      s.client.publish({
        destination: '/app/addMessage',
        body: JSON.stringify({ romes: { id: room.id }, conversation: text, file: null, messageType: 'MESSAGE' }),
      });
      await s.next(`/topic/messages/${room.id}`, (m) => JSON.parse(m.body).conversation === text);
    }
    await s.close();
    const p = await until(
      () => dashboard(me.token),
      (d) => d.rooms.some((r: { unread: number }) => r.unread === 2),
    );
    expect(p.rooms).toEqual([
      { roomId: room.id, title: 'Mode 3', unread: 2, lastAt: expect.any(String), link: `/chat/${room.id}/0` },
    ]);
    expect((await dashboard(sender.token)).rooms).toEqual([]);
    // Opening the room marks it read (the messaging screen's own read mark), and the line goes.
    expect((await call(t, 'POST', `/chats/markRead/${room.id}`, { token: me.token, body: {} })).status).toBeLessThan(
      300,
    );
    expect((await dashboard(me.token)).rooms).toEqual([]);
  });
});
