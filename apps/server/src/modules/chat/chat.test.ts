import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CHAT_MESSAGES } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { newRoom, userWithToken } from '../../../test/factories.js';
import { auditLogs, countries, offers, users } from '../../db/schema/index.js';
import { connectLive, liveUrl } from '../../realtime/testing.js';
import { buildSubmittedOffer } from './fixtures.js';
import { only } from '../../lib/only.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function send(token: string, roomId: string, conversation: string, file: string | null = null) {
  const live = await connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${roomId}`), token);
  await live.subscribe(`/topic/messages/${roomId}`);
  live.client.publish({
    destination: '/app/addMessage',
    body: JSON.stringify({ romes: { id: roomId }, conversation, file, messageType: file ? 'FILE' : 'MESSAGE' }),
  });
  const msg = await live.next(`/topic/messages/${roomId}`, (m) => JSON.parse(m.body).type === 'NORMAL');
  await live.close();
  return JSON.parse(msg.body);
}

describe('messaging API', () => {
  it('requires authentication', async () => {
    for (const [method, path] of [
      ['GET', '/chats/getAllRomes'],
      ['GET', '/chats/getAllRoomesOffer'],
      ['POST', '/chats/addRomes'],
      ['GET', '/profile/approved'],
      ['GET', '/chats/message/translate?message=None&lang=fr'],
    ] as const) {
      expect((await call(t, method, path, { body: method === 'POST' ? {} : undefined })).status, path).toBe(401);
    }
  });

  it('creates a contact room with the chosen approved users and lists it for each of them', async () => {
    const me = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR' });
    const other = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'SN' });
    const outsider = await userWithToken(t);
    const approved = await call(t, 'GET', '/profile/approved', { token: me.token });
    expect(approved.status).toBe(200);
    const ids = approved.body.payload.map((u: { userId: string }) => u.userId);
    expect(ids).toContain(other.id);
    expect(ids).not.toContain(me.id);

    const res = await call(t, 'POST', '/chats/addRomes', {
      token: me.token,
      body: newRoom('Mode 4 follow-up', [other.id]),
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Room Created Successfull');
    expect(res.body.payload).toMatchObject({ title: 'Mode 4 follow-up', romeType: 'CONTACT', offerDoc: null });
    expect(res.body.payload.profileDtos.map((p: { userId: string }) => p.userId).sort()).toEqual(
      [me.id, other.id].sort(),
    );
    const sn = res.body.payload.profileDtos.find((p: { userId: string }) => p.userId === other.id);
    expect(sn).toMatchObject({ countryCode: 'SN', userRole: 'Services Focal Point', firstName: 'Test' });

    for (const user of [me, other]) {
      const list = await call(t, 'GET', '/chats/getAllRomes', { token: user.token });
      expect(list.body.payload.map((r: { id: string }) => r.id)).toContain(res.body.payload.id);
    }
    const outsiders = await call(t, 'GET', '/chats/getAllRomes', { token: outsider.token });
    expect(outsiders.body.payload.map((r: { id: string }) => r.id)).not.toContain(res.body.payload.id);
    expect((await call(t, 'GET', `/chats/getRoomById/${res.body.payload.id}`, { token: outsider.token })).status).toBe(
      404,
    );
    expect(
      (await call(t, 'GET', `/chats/profileByRooms/${res.body.payload.id}`, { token: outsider.token })).status,
    ).toBe(404);
    expect(
      (await call(t, 'GET', `/chats/getAllMessageByRome/${res.body.payload.id}`, { token: outsider.token })).status,
    ).toBe(404);
    const audit = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.logUser, me.email));
    expect(audit.map((a) => a.action)).toContain('CHAT_ROOM_CREATED');
  });

  it('finds approved users whatever their accents: Aïssatou with "Aissatou", "aissatou" and "AÏSSATOU"', async () => {
    const me = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR' });
    const aissatou = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'SN' });
    const ahmed = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'EG' });
    const tag = crypto.randomUUID().slice(0, 8);
    await t.ctx.db
      .update(users)
      .set({ firstName: 'Aïssatou', lastName: `Ndiaye${tag}` })
      .where(eq(users.id, aissatou.id));
    await t.ctx.db
      .update(users)
      .set({ firstName: 'أحمد', lastName: `Zaki${tag}` })
      .where(eq(users.id, ahmed.id));
    const found = async (search: string) =>
      (
        await call(t, 'GET', `/profile/approved?search=${encodeURIComponent(search)}`, { token: me.token })
      ).body.payload.map((u: { userId: string }) => u.userId);
    for (const search of ['Aissatou', 'aissatou', 'AÏSSATOU', `aissatou ndiaye${tag}`, `NDIAYE${tag}`])
      expect(await found(search), search).toEqual([aissatou.id]);
    expect(await found(`Aïssatou Zaki${tag}`)).toEqual([]);
    // An Arabic name typed without its hamza still matches; a % is a letter, not a wildcard.
    expect(await found(`احمد zaki${tag}`)).toEqual([ahmed.id]);
    expect(await found(`%${tag}`)).toEqual([]);
  });

  it("refuses a room with neither title nor users with 'Please enter a conversation title'", async () => {
    const me = await userWithToken(t);
    const res = await call(t, 'POST', '/chats/addRomes', { token: me.token, body: newRoom('  ', [me.id]) });
    expect(res).toMatchObject({
      status: 400,
      body: { message: CHAT_MESSAGES.titleRequired, code: 'CHAT_TITLE_REQUIRED' },
    });
    const unknown = await call(t, 'POST', '/chats/addRomes', {
      token: me.token,
      body: newRoom('x', ['00000000-0000-4000-8000-000000000000']),
    });
    expect(unknown.status).toBe(400);
    const badType = await call(t, 'POST', '/chats/addRomes', {
      token: me.token,
      body: { ...newRoom('x', []), romeType: 'OFFER' },
    });
    expect(badType.status).toBe(400);
  });

  it('shows the secretariat with the region name and no country', async () => {
    const me = await userWithToken(t);
    const au = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const res = await call(t, 'POST', '/chats/addRomes', { token: me.token, body: newRoom('', [au.id]) });
    const member = res.body.payload.profileDtos.find((p: { userId: string }) => p.userId === au.id);
    expect(member).toMatchObject({ userRole: 'AFRICAN UNION', countryCode: null, countryName: null });
    expect(res.body.payload.title).toBe('Test SERVICE_FOCAL_POINT, Test AFRICAN_UNION');
  });

  it('invites a user into a room once; a non-member cannot invite', async () => {
    const me = await userWithToken(t);
    const guest = await userWithToken(t, { country: 'NG', role: 'CHIEF_NEGOTIATOR' });
    const outsider = await userWithToken(t);
    const room = (await call(t, 'POST', '/chats/addRomes', { token: me.token, body: newRoom('Tourism', []) })).body
      .payload;
    const refused = await call(t, 'POST', `/chats/addInviteUser?userId=${guest.id}&roomId=${room.id}`, {
      token: outsider.token,
    });
    expect(refused.status).toBe(404);
    const res = await call(t, 'POST', `/chats/addInviteUser?userId=${guest.id}&roomId=${room.id}`, { token: me.token });
    expect(res).toMatchObject({ status: 200, body: { message: 'User Added Successfully' } });
    const again = await call(t, 'POST', `/chats/addInviteUser?userId=${guest.id}&roomId=${room.id}`, {
      token: me.token,
    });
    expect(again).toMatchObject({ status: 409, body: { message: CHAT_MESSAGES.alreadyMember } });
    const messages = await call(t, 'GET', `/chats/getAllMessageByRome/${room.id}`, { token: guest.token });
    expect(messages.body.payload.content.at(-1)).toMatchObject({
      type: 'JOIN',
      conversation: 'Test CHIEF_NEGOTIATOR joined the conversation',
    });
    const noSuchUser = await call(t, 'POST', `/chats/addInviteUser?userId=nobody&roomId=${room.id}`, {
      token: me.token,
    });
    expect(noSuchUser.status).toBe(404);
  });

  it('pages messages newest last', async () => {
    const me = await userWithToken(t);
    const room = (await call(t, 'POST', '/chats/addRomes', { token: me.token, body: newRoom('Paging', []) })).body
      .payload;
    for (let i = 1; i <= 5; i++) await send(me.token, room.id, `message ${i}`);
    const first = await call(t, 'GET', `/chats/getAllMessageByRome/${room.id}?page=0&size=2`, { token: me.token });
    expect(first.body.payload).toMatchObject({ page: 0, size: 2, totalElements: 5, last: false });
    expect(first.body.payload.content.map((m: { conversation: string }) => m.conversation)).toEqual([
      'message 4',
      'message 5',
    ]);
    const last = await call(t, 'GET', `/chats/getAllMessageByRome/${room.id}?page=2&size=2`, { token: me.token });
    expect(last.body.payload).toMatchObject({ last: true });
    expect(last.body.payload.content.map((m: { conversation: string }) => m.conversation)).toEqual(['message 1']);
    expect(first.body.payload.content[1]).toMatchObject({
      type: 'NORMAL',
      messageType: 'MESSAGE',
      file: null,
      romes: { id: room.id },
      sender: { userId: me.id },
    });
  });
});

describe('negotiation rooms of offers', () => {
  it('opens one bilateral room per opening country: Sent for the opener, Received for the offer country, unseen by a third', async () => {
    const keOwner = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const offer = await buildSubmittedOffer(t.ctx, {
      country: 'KE',
      creatorId: keOwner.id,
      draftName: 'Kenya draft, not sent',
    });
    const sn = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const snColleague = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'SN' });
    const ng = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'NG' });
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const ids = (list: { id: string }[]) => list.map((r) => r.id);

    const opened = await call(t, 'POST', `/chats/addRoomOffer/${offer.id}`, { token: sn.token });
    expect(opened.status).toBe(200);
    const senegal = only(await t.ctx.db.select().from(countries).where(eq(countries.code, 'SN')));
    // Titled after the submitted version, never the draft.
    expect(opened.body.payload).toMatchObject({
      romeType: 'OFFER',
      offerDoc: offer.id,
      title: offer.name,
      countryIdSender: senegal.id,
      countryIdReceived: offer.countryId,
      countryCodeReceived: 'KE',
    });
    const snRoom = opened.body.payload.id;
    expect(
      (await call(t, 'POST', `/chats/addRoomOffer/${offer.id}`, { token: snColleague.token })).body.payload.id,
    ).toBe(snRoom);
    await send(sn.token, snRoom, 'Senegal asks about mode 3');

    // A third country gets a room of its own with Kenya, and never reads Senegal's.
    const ngOpened = await call(t, 'POST', `/chats/addRoomOffer/${offer.id}`, { token: ng.token });
    expect(ngOpened.status).toBe(200);
    const ngRoom = ngOpened.body.payload.id;
    expect(ngRoom).not.toBe(snRoom);
    for (const path of [
      `/chats/getRoomById/${snRoom}`,
      `/chats/getAllMessageByRome/${snRoom}`,
      `/chats/profileByRooms/${snRoom}`,
    ]) {
      expect((await call(t, 'GET', path, { token: ng.token })).status, path).toBe(404);
    }
    const ngLists = (await call(t, 'GET', '/chats/getAllRoomesOffer', { token: ng.token })).body.payload;
    expect({
      sender: ids(ngLists.sender),
      received: ids(ngLists.received),
      invitation: ids(ngLists.invitation),
    }).toEqual({ sender: [ngRoom], received: [], invitation: [] });
    const ngParticipants = (
      await call(t, 'GET', `/chats/profileByRooms/${ngRoom}`, { token: ng.token })
    ).body.payload.map((p: { userId: string }) => p.userId);
    expect(ngParticipants).toEqual(expect.arrayContaining([ng.id, keOwner.id]));
    expect(ngParticipants).not.toContain(sn.id);

    const snLists = (await call(t, 'GET', '/chats/getAllRoomesOffer', { token: snColleague.token })).body.payload;
    expect({ sender: ids(snLists.sender), invitation: ids(snLists.invitation) }).toEqual({
      sender: [snRoom],
      invitation: [],
    });
    const keLists = (await call(t, 'GET', '/chats/getAllRoomesOffer', { token: keOwner.token })).body.payload;
    expect(ids(keLists.received).sort()).toEqual([snRoom, ngRoom].sort());

    // The secretariat may read every negotiation, and opens one of its own with Kenya.
    const read = await call(t, 'GET', `/chats/getAllMessageByRome/${snRoom}`, { token: staff.token });
    expect(read.body.payload.content.map((m: { conversation: string }) => m.conversation)).toContain(
      'Senegal asks about mode 3',
    );
    const staffRoom = (await call(t, 'POST', `/chats/addRoomOffer/${offer.id}`, { token: staff.token })).body.payload;
    expect(staffRoom).toMatchObject({ countryIdSender: null, countryIdReceived: offer.countryId, title: offer.name });
    const staffLists = (await call(t, 'GET', '/chats/getAllRoomesOffer', { token: staff.token })).body.payload;
    expect(ids(staffLists.sender)).toEqual([staffRoom.id]);
    expect(ids(staffLists.invitation)).toEqual(expect.arrayContaining([snRoom, ngRoom]));
  });

  it("refuses a country opening a negotiation about its own offer, and names an unsubmitted offer's room after its country", async () => {
    const ugOwner = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'UG' });
    const offer = await buildSubmittedOffer(t.ctx, { country: 'UG', creatorId: ugOwner.id });
    expect(await call(t, 'POST', `/chats/addRoomOffer/${offer.id}`, { token: ugOwner.token })).toMatchObject({
      status: 422,
      body: { message: CHAT_MESSAGES.ownOfferRoom },
    });
    const draft = await buildSubmittedOffer(t.ctx, {
      country: 'TZ',
      creatorId: ugOwner.id,
      draftName: 'Tanzania working draft',
    });
    await t.ctx.db.update(offers).set({ versions: 0, status: 'IN_PROGRESS' }).where(eq(offers.id, draft.id));
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const res = await call(t, 'POST', `/chats/addRoomOffer/${draft.id}`, { token: staff.token });
    const tanzania = only(await t.ctx.db.select().from(countries).where(eq(countries.code, 'TZ')));
    expect(res.body.payload.title).toBe(`${tanzania.name} Conditional Initial Offer`);
  });

  it('answers 404 for an offer one may not see or that does not exist', async () => {
    const keOwner = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const offer = await buildSubmittedOffer(t.ctx, { country: 'GH', creatorId: keOwner.id });
    await t.ctx.db.update(offers).set({ versions: 0, status: 'IN_PROGRESS' }).where(eq(offers.id, offer.id));
    expect((await call(t, 'POST', `/chats/addRoomOffer/${offer.id}`, { token: keOwner.token })).status).toBe(404);
    expect(
      (await call(t, 'POST', '/chats/addRoomOffer/00000000-0000-4000-8000-000000000000', { token: keOwner.token }))
        .status,
    ).toBe(404);
    expect((await call(t, 'POST', '/chats/addRoomOffer/not-an-id', { token: keOwner.token })).status).toBe(404);
  });
});

// GET /chats/message/translate: see translate.test.ts (with and without a machine translation service).
