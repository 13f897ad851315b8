import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { NOTIFICATION_TOPIC, myNotificationsSchema } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import zlib from 'node:zlib';
import { z } from 'zod';
import { call, rawGet } from '../../../test/http.js';
import { expectCompressedAs } from '../../../test/compressed.js';
import { newRoom, userWithToken } from '../../../test/factories.js';
import { countries, users } from '../../db/schema/index.js';
import { notify } from './write.js';
import { connectLive, liveUrl } from '../../realtime/testing.js';
import { until } from '../../../test/until.js';
import { must } from '../../../test/must.js';
import { only } from '../../lib/only.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const my = (token: string) => call(t, 'GET', '/notifications/my', { token }).then((r) => r.body.payload);
const countryId = async (code: string) =>
  only(await t.ctx.db.select().from(countries).where(eq(countries.code, code))).id;

/** A live connection of `token` on a room, and a sending of a message there that waits for it to come back. */
const roomSender = async (token: string, roomId: string) => {
  const s = await connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${roomId}`), token);
  await s.subscribe(`/topic/messages/${roomId}`);
  const sendAndWait = async (text: string) => {
    s.client.publish({
      destination: '/app/addMessage',
      body: JSON.stringify({ romes: { id: roomId }, conversation: text, file: null, messageType: 'MESSAGE' }),
    });
    await s.next(`/topic/messages/${roomId}`, (m) => JSON.parse(m.body).conversation === text);
  };
  return { s, sendAndWait };
};

/** Waits for the one unread notification of `token`, a mention by the sender (a focal point) in the room `title`. */
const mentionedIn = async (token: string, title: string) => {
  const mentioned = await until(
    () => my(token),
    (p) => p.unread === 1,
  );
  expect(mentioned.notifications[0]).toMatchObject({
    kind: 'chat.mention',
    text: `Test SERVICE_FOCAL_POINT mentioned you in “${title}”.`,
  });
};

describe('notifications API', () => {
  it('requires authentication', async () => {
    for (const path of ['/notifications', '/notifications/my']) expect((await call(t, 'GET', path)).status).toBe(401);
    expect((await call(t, 'POST', '/notifications/all', { body: {} })).status).toBe(401);
  });

  it("tells the secretariat of a submitted offer, in each recipient's language, and the offer's country of the decisions", async () => {
    const au = await userWithToken(t, { role: 'AFRICAN_UNION', language: 'fr' });
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' });
    // Signed in in English, then switched to Arabic (the harness cannot read codes from base64-encoded Arabic mail).
    const focal = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'GH' });
    await t.ctx.db.update(users).set({ language: 'ar' }).where(eq(users.id, focal.id));
    const other = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const gh = await countryId('GH');
    const base = {
      offerId: '11111111-1111-4111-8111-111111111111',
      offerName: 'Ghana Conditional Initial Offer',
      countryId: gh,
    };
    t.ctx.events.emit('offer.submitted', { ...base, actorId: chief.id, versionNumber: 1, status: 'INITIAL_OFFER' });
    const auList = await until(
      () => my(au.token),
      (p) => p.notifications.some((n: { kind: string }) => n.kind === 'offer.submitted'),
    );
    expect(auList.notifications.find((n: { kind: string }) => n.kind === 'offer.submitted')).toMatchObject({
      subject: 'Offre soumise',
      text: 'Ghana a soumis Ghana Conditional Initial Offer (version 1).',
      read: false,
      link: `/edit-offer/${base.offerId}`,
    });
    expect((await my(chief.token)).notifications).toHaveLength(0);

    t.ctx.events.emit('offer.returned', {
      ...base,
      actorId: au.id,
      versionNumber: 1,
      comment: 'Please complete mode 4.',
    });
    const focalList = await until(
      () => my(focal.token),
      (p) => p.unread >= 1,
    );
    // The count and the list are read together: an unread count of one means the list holds it.
    expect(focalList.notifications[0]).toMatchObject({
      subject: 'تمت إعادة العرض',
      // What users wrote is isolated in an Arabic sentence (FSI … PDI), so it keeps its order and punctuation.
      text: 'أعادت الأمانة \u2068Ghana Conditional Initial Offer\u2069: \u2068Please complete mode 4.\u2069',
    });
    const chiefList = await until(
      () => my(chief.token),
      (p) => p.unread >= 1,
    );
    expect(chiefList.notifications[0]).toMatchObject({ subject: 'Offer sent back' });
    expect((await my(other.token)).notifications).toHaveLength(0);

    t.ctx.events.emit('offer.validated', { ...base, actorId: au.id, versionNumber: 1 });
    t.ctx.events.emit('offer.finalized', { ...base, actorId: au.id, versionNumber: 1 });
    t.ctx.events.emit('offer.responded', {
      ...base,
      actorId: other.id,
      responseId: 'r-1',
      respondingCountryId: await countryId('SN'),
    });
    // The four arrive one by one: wait for all of them.
    const all = await until(
      () => my(chief.token),
      (p) => p.notifications.length >= 4,
    );
    expect(all.notifications.map((n: { subject: string }) => n.subject).sort()).toEqual([
      'Counter offer received',
      'Offer finalized',
      'Offer sent back',
      'Offer validated',
    ]);
    expect(all.notifications.find((n: { kind: string }) => n.kind === 'offer.responded').text).toBe(
      'Senegal sent a counter offer to Ghana Conditional Initial Offer.',
    );
  });

  it("lists, reads one, and marks read only one's own; another user's notification is 404", async () => {
    const me = await userWithToken(t);
    const friend = await userWithToken(t, { country: 'SN' });
    await call(t, 'POST', '/chats/addRomes', { token: friend.token, body: newRoom('One', [me.id]) });
    await call(t, 'POST', '/chats/addRomes', { token: friend.token, body: newRoom('Two', [me.id]) });
    const mine = await until(
      () => my(me.token),
      (p) => p.unread === 2,
    );
    expect(mine.notifications.map((n: { text: string }) => n.text)).toEqual([
      'Test SERVICE_FOCAL_POINT started the conversation “Two” with you.',
      'Test SERVICE_FOCAL_POINT started the conversation “One” with you.',
    ]);
    const page = (await call(t, 'GET', '/notifications?page=0&size=1', { token: me.token })).body.payload;
    expect(page).toMatchObject({ totalElements: 2, unread: 2, page: 0, size: 1 });
    expect(page.content).toHaveLength(1);
    const id = mine.notifications[0].id;
    expect((await call(t, 'GET', `/notifications/${id}`, { token: me.token })).body.payload).toMatchObject({
      id,
      subject: 'New conversation',
    });
    expect((await call(t, 'GET', `/notifications/${id}`, { token: friend.token })).status).toBe(404);
    expect((await call(t, 'GET', '/notifications/nope', { token: me.token })).status).toBe(404);
    // Someone else's id is ignored, not marked.
    expect((await call(t, 'POST', '/notifications/all', { token: friend.token, body: { ids: [id] } })).status).toBe(
      200,
    );
    expect((await my(me.token)).unread).toBe(2);
    expect(
      (await call(t, 'POST', '/notifications/all', { token: me.token, body: { ids: [id] } })).body.payload,
    ).toEqual({ unread: 1 });
    expect((await call(t, 'POST', '/notifications/all', { token: me.token, body: {} })).body.payload).toEqual({
      unread: 0,
    });
    expect((await call(t, 'POST', '/notifications/all', { token: me.token, body: { ids: ['x'] } })).status).toBe(400);
  });

  it('pushes new notifications and the unread count live, to the recipient only', async () => {
    const me = await userWithToken(t);
    const sender = await userWithToken(t, { country: 'SN' });
    const live = await connectLive(liveUrl(t.api), me.token);
    const snoop = await connectLive(liveUrl(t.api), sender.token);
    await live.subscribe('/topic/queue');
    await snoop.subscribe('/topic/queue');
    const room = (
      await call(t, 'POST', '/chats/addRomes', { token: sender.token, body: newRoom('Live bell', [me.id]) })
    ).body.payload;
    // The topic also carries room announcements (CHAT_ROOM: lists to read again); notifications are the rest.
    const notice = (m: { body: string }) => JSON.parse(m.body).type !== 'CHAT_ROOM';
    const pushed = JSON.parse((await live.next('/topic/queue', notice)).body);
    expect(pushed).toMatchObject({
      type: 'NOTIFICATION',
      unread: 1,
      notification: { subject: 'New conversation', link: `/chat/${room.id}/0` },
    });
    await call(t, 'POST', '/notifications/all', { token: me.token, body: {} });
    expect(JSON.parse((await live.next('/topic/queue', notice)).body)).toEqual({ type: 'UNREAD', unread: 0 });
    await new Promise((r) => setTimeout(r, 200));
    expect(snoop.messages.filter(notice)).toHaveLength(0);
    await live.close();
    await snoop.close();
  });

  it('batches messages in a room one is not viewing into one notification, and none while viewing', async () => {
    const me = await userWithToken(t);
    const sender = await userWithToken(t, { country: 'SN' });
    const room = (await call(t, 'POST', '/chats/addRomes', { token: sender.token, body: newRoom('Batch', [me.id]) }))
      .body.payload;
    // The invitation is notified after the answer: wait for it before marking everything read.
    await until(
      () => my(me.token),
      (p) => p.notifications.some((n: { kind: string }) => n.kind === 'chat.added'),
    );
    await call(t, 'POST', '/notifications/all', { token: me.token, body: {} });
    const { s, sendAndWait } = await roomSender(sender.token, room.id);
    for (const text of ['one', 'two', 'three']) await sendAndWait(text);
    const batched = await until(
      () => my(me.token),
      (p) => p.notifications.some((n: { kind: string; count: number }) => n.kind === 'chat.message' && n.count === 3),
    );
    expect(batched.unread).toBe(1);
    expect(batched.notifications.find((n: { kind: string }) => n.kind === 'chat.message').text).toBe(
      '3 new messages in “Batch”.',
    );

    // While the room is open (subscribed), messages do not notify.
    await call(t, 'POST', '/notifications/all', { token: me.token, body: {} });
    const viewer = await connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${room.id}`), me.token);
    await viewer.subscribe(`/topic/messages/${room.id}`);
    await sendAndWait('while viewing');
    await viewer.next(`/topic/messages/${room.id}`, (m) => JSON.parse(m.body).conversation === 'while viewing');
    await new Promise((r) => setTimeout(r, 300));
    expect((await my(me.token)).unread).toBe(0);
    await viewer.close();

    // A mention is its own notification.
    await sendAndWait('@Test please check mode 3');
    await mentionedIn(me.token, 'Batch');
    await s.close();
  });

  it("reading a room reads its messages' notifications, and only that room's", async () => {
    const me = await userWithToken(t);
    const sender = await userWithToken(t, { country: 'SN' });
    const rooms = await Promise.all(
      ['Read here', 'Left unread'].map(
        async (title) =>
          (await call(t, 'POST', '/chats/addRomes', { token: sender.token, body: newRoom(title, [me.id]) })).body
            .payload,
      ),
    );
    await until(
      () => my(me.token),
      (p) => p.notifications.filter((n: { kind: string }) => n.kind === 'chat.added').length === 2,
    );
    await call(t, 'POST', '/notifications/all', { token: me.token, body: {} });
    for (const room of rooms) {
      const { s, sendAndWait } = await roomSender(sender.token, room.id);
      await sendAndWait('Please look at mode 3');
      await s.close();
    }
    await until(
      () => my(me.token),
      (p) => p.notifications.filter((n: { kind: string }) => n.kind === 'chat.message').length === 2,
    );
    expect((await my(me.token)).unread).toBe(2);

    expect((await call(t, 'POST', `/chats/markRead/${rooms[0].id}`, { token: me.token, body: {} })).status).toBe(200);
    const after = await until(
      () => my(me.token),
      (p) => p.unread === 1,
    );
    const unreadOf = after.notifications.filter((n: { read: boolean }) => !n.read);
    expect(unreadOf.map((n: { text: string }) => n.text)).toEqual(['1 new message in “Left unread”.']);
  });

  it('counts writes of one batch made at the same moment into one notification', async () => {
    const me = await userWithToken(t);
    const decided = () =>
      notify(t.ctx, {
        recipientIds: [me.id],
        kind: 'response.decided',
        params: () => ({ country: 'Kenya', offerName: 'Senegal Conditional Initial Offer' }),
        link: '/view-response-offer/r1',
        batchKey: `response.decided:${me.id}`,
      });
    await Promise.all(Array.from({ length: 8 }, decided));
    const mine = (await call(t, 'GET', '/notifications/my', { token: me.token })).body.payload;
    expect(mine.unread).toBe(1);
    expect(mine.notifications).toHaveLength(1);
    expect(mine.notifications[0].text).toMatch(/^Kenya recorded 8 decisions on your counter offer/);
  });

  it('sends the popover in the contract, compressed as the browser accepts it, the same JSON as plain', async () => {
    const me = await userWithToken(t);
    await notify(t.ctx, {
      recipientIds: [me.id],
      kind: 'contact.received',
      params: () => ({ actor: 'Amina Diallo', title: 'Schedule of Ghana, sector 7' }),
      link: '/backoffice/contactus',
    });
    for (let i = 0; i < 6; i++)
      await notify(t.ctx, {
        recipientIds: [me.id],
        kind: 'contact.received',
        params: () => ({ actor: `Visitor ${i}`, title: `Question ${i} on the horizontal commitments` }),
      });
    const url = `${t.api}/notifications/my`;
    const auth = { authorization: `Bearer ${me.token}` };
    const plain = (await rawGet(url, auth)).body.toString();
    const parsed = z.object({ payload: myNotificationsSchema }).strict().parse(JSON.parse(plain));
    expect(parsed.payload).toMatchObject({ unread: 7 });
    expect(parsed.payload.notifications[6]).toMatchObject({ link: '/backoffice/contactus', read: false });
    for (let i = 0; i < 2; i++) await expectCompressedAs(url, auth, plain);
    // Read, then asked again: the kept answer is not sent any more.
    await call(t, 'POST', '/notifications/all', { token: me.token, body: {} });
    const after = await rawGet(url, { ...auth, 'accept-encoding': 'br' });
    expect(JSON.parse(zlib.brotliDecompressSync(after.body).toString()).payload.unread).toBe(0);
  });

  it('shows in a popover already read what is written after, as the notifications page does', async () => {
    const me = await userWithToken(t);
    const sender = await userWithToken(t, { country: 'SN' });
    const room = (await call(t, 'POST', '/chats/addRomes', { token: sender.token, body: newRoom('Kept', [me.id]) }))
      .body.payload;
    const page = async () => {
      const { content, unread } = (await call(t, 'GET', '/notifications?page=0&size=20', { token: me.token })).body
        .payload;
      return { notifications: content, unread };
    };
    const contact = (i: number) =>
      notify(t.ctx, {
        recipientIds: [me.id],
        kind: 'contact.received',
        params: () => ({ actor: `Visitor ${i}`, title: `Question ${i}` }),
      });
    await until(
      () => my(me.token),
      (p) => p.notifications.some((n: { kind: string }) => n.kind === 'chat.added'),
    );
    // More than the popover holds: the oldest leave it as new ones come in.
    for (let i = 0; i < 22; i++) await contact(i);
    expect(await my(me.token)).toEqual(await page());
    await contact(22);
    const afterOne = await my(me.token);
    expect(afterOne.unread).toBe(24);
    expect(afterOne.notifications[0].text).toContain('Visitor 22');
    expect(afterOne).toEqual(await page());

    // A batch of messages counted up in the popover kept in between.
    const { s, sendAndWait } = await roomSender(sender.token, room.id);
    await sendAndWait('first');
    const one = await until(
      () => my(me.token),
      (p) => p.notifications[0]?.kind === 'chat.message',
    );
    expect(one).toEqual(await page());
    await sendAndWait('second');
    const two = await until(
      () => my(me.token),
      (p) => p.notifications[0]?.count === 2,
    );
    expect(two).toMatchObject({ unread: 25 });
    expect(two.notifications[0].text).toBe('2 new messages in “Kept”.');
    expect(two).toEqual(await page());
    // Marked read, then written again: unread counts from nothing.
    await call(t, 'POST', '/notifications/all', { token: me.token, body: {} });
    expect(await my(me.token)).toEqual(await page());
    await sendAndWait('third');
    const fresh = await until(
      () => my(me.token),
      (p) => p.unread === 1,
    );
    expect(fresh.notifications[0]).toMatchObject({ read: false, count: 1, text: '1 new message in “Kept”.' });
    expect(fresh).toEqual(await page());
    await s.close();
  });

  it('knows a member by the name they have just taken: a mention of it is a mention', async () => {
    const me = await userWithToken(t);
    const sender = await userWithToken(t, { country: 'SN' });
    const room = (await call(t, 'POST', '/chats/addRomes', { token: sender.token, body: newRoom('Renamed', [me.id]) }))
      .body.payload;
    const { s, sendAndWait } = await roomSender(sender.token, room.id);
    // A first message: the room and its members are read for its notifications (and kept).
    await sendAndWait('before the new name');
    await until(
      () => my(me.token),
      (p) => p.notifications.some((n: { kind: string }) => n.kind === 'chat.message'),
    );
    await call(t, 'POST', '/notifications/all', { token: me.token, body: {} });
    const renamed = await call(t, 'PUT', '/profile', {
      token: me.token,
      body: { firstName: 'Nadia', lastName: 'Benali', email: me.email },
    });
    expect(renamed.status).toBe(200);

    await sendAndWait('@Nadia Benali please check mode 3');
    await mentionedIn(me.token, 'Renamed');
    await s.close();
  });
});

describe('PUT /countries/{id}/active', () => {
  it('is for the secretariat and admins only', async () => {
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR' });
    expect(
      (
        await call(t, 'PUT', `/countries/${await countryId('TZ')}/active`, {
          token: chief.token,
          body: { active: false },
        })
      ).status,
    ).toBe(403);
    const admin = await userWithToken(t, { role: 'ADMIN' });
    expect(
      (await call(t, 'PUT', '/countries/99999/active', { token: admin.token, body: { active: false } })).status,
    ).toBe(404);
  });

  it('refuses an id past the integer column with 400, not 500', async () => {
    const admin = await userWithToken(t, { role: 'ADMIN' });
    for (const id of ['2147483648', '99999999999999999999', '1e30']) {
      const res = await call(t, 'PUT', `/countries/${id}/active`, { token: admin.token, body: { active: false } });
      expect(res, id).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
    }
    expect(
      (await call(t, 'PUT', '/countries/2147483647/active', { token: admin.token, body: { active: false } })).status,
    ).toBe(404);
  });

  it("logs a deactivated country's users out live and keeps others signed in", async () => {
    const admin = await userWithToken(t, { role: 'ADMIN' });
    const tz = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'TZ' });
    const ke = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const tzLive = await connectLive(liveUrl(t.api), tz.token);
    const keLive = await connectLive(liveUrl(t.api), ke.token);
    await tzLive.subscribe('/topic/queue');
    await keLive.subscribe('/topic/queue');
    const id = await countryId('TZ');
    const res = await call(t, 'PUT', `/countries/${id}/active`, { token: admin.token, body: { active: false } });
    expect(res).toMatchObject({ status: 200, body: { payload: { code: 'TZ', active: false } } });
    expect(JSON.parse((await tzLive.next('/topic/queue')).body)).toEqual({
      type: 'COUNTRY_DEACTIVATED',
      country_code: 'TZ',
    });
    expect((await tzLive.closed).error?.headers.message).toBe('COUNTRY_DEACTIVATED');
    expect((await call(t, 'GET', '/profile/current', { token: tz.token })).status).toBe(401);
    await expect(connectLive(liveUrl(t.api), tz.token)).rejects.toThrow('UNAUTHORIZED');
    expect((await call(t, 'GET', '/profile/current', { token: ke.token })).status).toBe(200);
    expect(keLive.client.connected).toBe(true);
    expect(keLive.messages).toHaveLength(0);
    await keLive.close();
    expect(
      (await call(t, 'PUT', `/countries/${id}/active`, { token: admin.token, body: { active: true } })).body.payload
        .active,
    ).toBe(true);
  });
});

describe('notify, for many recipients at once', () => {
  it('gives each member away from a room one batched notification in their own language, counting every message', async () => {
    const languages = ['en', 'fr', 'ar'] as const;
    const members = [];
    for (let i = 0; i < 12; i++) members.push(await userWithToken(t, { country: 'SN', language: languages[i % 3] }));
    const recipientIds = members.map((m) => m.id);
    const message = {
      recipientIds,
      kind: 'chat.message' as const,
      params: () => ({ title: 'Many' }),
      link: '/chat/x/0',
      batchKey: `chat:many-${Date.now()}`,
    };
    await notify(t.ctx, message);
    await notify(t.ctx, { ...message, increment: 2 });

    for (const [i, m] of members.entries()) {
      const mine = await my(m.token);
      const batched = mine.notifications.filter((n: { kind: string }) => n.kind === 'chat.message');
      expect(batched).toHaveLength(1);
      expect(batched[0].count).toBe(3);
      const expected = {
        en: '3 new messages in “Many”.',
        fr: '3 nouveaux messages dans « Many ».',
        ar: 'رسائل جديدة (3) في «\u2068Many\u2069».',
      };
      expect(batched[0].text).toBe(expected[must(languages[i % 3])]);
      expect(mine.unread).toBe(1);
    }
  });

  it('counts every message when batches for the same room are written at the same time (none lost, one notification)', async () => {
    const member = await userWithToken(t, { country: 'SN' });
    const message = {
      recipientIds: [member.id],
      kind: 'chat.message' as const,
      params: () => ({ title: 'Busy' }),
      batchKey: `chat:busy-${Date.now()}`,
    };
    await notify(t.ctx, message);
    // Both read the open batch at count 1; the one writing second finds it changed and writes again from a fresh read.
    await Promise.all([notify(t.ctx, message), notify(t.ctx, { ...message, increment: 2 }), notify(t.ctx, message)]);
    const batched = (await my(member.token)).notifications.filter((n: { kind: string }) => n.kind === 'chat.message');
    expect(batched).toHaveLength(1);
    expect(batched[0]).toMatchObject({ count: 5, text: '5 new messages in “Busy”.', read: false });
  });

  it('starts a new notification once the batch was read, and tells the open browser the unread count', async () => {
    const member = await userWithToken(t, { country: 'SN' });
    const live = await connectLive(liveUrl(t.api), member.token);
    await live.subscribe(NOTIFICATION_TOPIC);
    const message = {
      recipientIds: [member.id],
      kind: 'chat.message' as const,
      params: () => ({ title: 'Read' }),
      batchKey: `chat:read-${Date.now()}`,
    };
    await notify(t.ctx, message);
    expect(JSON.parse((await live.next(NOTIFICATION_TOPIC)).body)).toMatchObject({
      type: 'NOTIFICATION',
      unread: 1,
      notification: { count: 1, text: '1 new message in “Read”.' },
    });
    await notify(t.ctx, message);
    expect(JSON.parse((await live.next(NOTIFICATION_TOPIC)).body)).toMatchObject({
      unread: 1,
      notification: { count: 2 },
    });
    await call(t, 'POST', '/notifications/all', { token: member.token, body: {} });
    await notify(t.ctx, message);
    const fresh = JSON.parse(
      (await live.next(NOTIFICATION_TOPIC, (m) => JSON.parse(m.body).type === 'NOTIFICATION')).body,
    );
    expect(fresh).toMatchObject({ unread: 1, notification: { count: 1, read: false } });
    const mine = (await my(member.token)).notifications;
    expect(mine.map((n: { count: number; read: boolean }) => [n.count, n.read])).toEqual([
      [1, false],
      [2, true],
    ]);
    await live.close();
  });
});
