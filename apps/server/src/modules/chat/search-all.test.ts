import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_SEARCH_MAX, type ChatRoom, type ChatSearchHit } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { newRoom, userWithToken } from '../../../test/factories.js';
import { postMessages } from '../../../test/chat-messages.js';
import { buildSubmittedOffer } from './fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const contactRoom = async (token: string, title: string, members: string[]): Promise<ChatRoom> =>
  (await call(t, 'POST', '/chats/addRomes', { token, body: newRoom(title, members) })).body.payload;
const searchAll = (token: string, q: string) =>
  call(t, 'GET', `/chats/searchMessages?q=${encodeURIComponent(q)}`, { token });
const hits = async (token: string, q: string): Promise<ChatSearchHit[]> => (await searchAll(token, q)).body.payload;

describe('searching across the rooms one may read', () => {
  it('finds messages of every readable room, accents ignored, with the room, never a third country’s room', async () => {
    const gh = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' });
    const sn = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const ng = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'NG' });
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const offer = await buildSubmittedOffer(t.ctx, { country: 'GH', creatorId: gh.id });
    const negotiation = (await call(t, 'POST', `/chats/addRoomOffer/${offer.id}`, { token: sn.token })).body
      .payload as ChatRoom;
    const contact = await contactRoom(sn.token, 'Senegal and Nigeria', [ng.id]);
    const private_ = await contactRoom(ng.token, 'Nigeria alone', []);
    await postMessages(t, sn.token, negotiation.id, ['Aïssatou brings the fallback position']);
    await postMessages(t, sn.token, contact.id, ['AISSATOU joins on Monday']);
    await postMessages(t, ng.token, private_.id, ['aissatou, private note']);
    await postMessages(t, sn.token, negotiation.id, ['Nothing to find here']);

    const forSn = await searchAll(sn.token, 'Aissatou');
    expect(forSn.status).toBe(200);
    expect(forSn.body.payload.map((h: ChatSearchHit) => [h.conversation, h.roomId, h.roomTitle])).toEqual([
      ['AISSATOU joins on Monday', contact.id, 'Senegal and Nigeria'],
      ['Aïssatou brings the fallback position', negotiation.id, negotiation.title],
    ]);
    // Ghana is the offer's country: it reads the negotiation, not Senegal's contact room.
    expect((await hits(gh.token, 'aissatou')).map((h) => h.roomId)).toEqual([negotiation.id]);
    // Nigeria is a third country to the negotiation: its own rooms only.
    expect(new Set((await hits(ng.token, 'aissatou')).map((h) => h.roomId))).toEqual(
      new Set([contact.id, private_.id]),
    );
    // The secretariat reads the negotiations, not the contact rooms it is not in.
    expect((await hits(staff.token, 'aissatou')).map((h) => h.roomId)).toEqual([negotiation.id]);
  });

  it('refuses a blank or too long term like the search of one room, and needs a signed-in user', async () => {
    const user = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    expect(await searchAll(user.token, '   ')).toMatchObject({ status: 400 });
    expect(await searchAll(user.token, 'x'.repeat(CHAT_SEARCH_MAX + 1))).toMatchObject({ status: 400 });
    const room = await contactRoom(user.token, 'Mine', []);
    for (const q of ['   ', 'x'.repeat(CHAT_SEARCH_MAX + 1)]) {
      const one = await call(t, 'GET', `/chats/searchMessages/${room.id}?q=${encodeURIComponent(q)}`, {
        token: user.token,
      });
      expect((await searchAll(user.token, q)).body.code).toBe(one.body.code);
    }
    expect(await hits(user.token, '%')).toEqual([]);
    expect((await call(t, 'GET', '/chats/searchMessages?q=x')).status).toBe(401);
  });
});
