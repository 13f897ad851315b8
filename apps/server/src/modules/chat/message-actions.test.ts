import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { ChatMessage, ChatRoom } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { newRoom, userWithToken } from '../../../test/factories.js';
import { postMessages } from '../../../test/chat-messages.js';
import { must } from '../../../test/must.js';
import { auditLogs } from '../../db/schema/index.js';
import { connectLive, liveUrl } from '../../realtime/testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function roomWith(owner: string, members: string[]): Promise<ChatRoom> {
  return (await call(t, 'POST', '/chats/addRomes', { token: owner, body: newRoom('Record', members) })).body.payload;
}
const history = async (token: string, roomId: string): Promise<ChatMessage[]> =>
  (await call(t, 'GET', `/chats/getAllMessageByRome/${roomId}`, { token })).body.payload.content;
const auditOf = async (action: string) =>
  must(
    (
      await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, action)).orderBy(desc(auditLogs.id)).limit(1)
    )[0],
    `an audit row ${action}`,
  );

describe("editing and deleting one's own messages, kept for the record", () => {
  it('edits: shown edited to everyone live, the text before in the audit trail', async () => {
    const alice = await userWithToken(t);
    const bob = await userWithToken(t, { country: 'SN' });
    const room = await roomWith(alice.token, [bob.id]);
    const [sent] = await postMessages(t, alice.token, room.id, ['We offer mode 3 in 2027']);
    const b = await connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${room.id}`), bob.token);
    await b.subscribe(`/topic/messages/${room.id}`);

    const res = await call(t, 'PUT', `/chats/message/${sent.id}`, {
      token: alice.token,
      body: { conversation: 'We offer mode 3 in 2028' },
    });
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({ id: sent.id, conversation: 'We offer mode 3 in 2028', deleted: false });
    expect(res.body.payload.editedAt).not.toBeNull();
    const live = JSON.parse((await b.next(`/topic/messages/${room.id}`)).body);
    expect(live).toMatchObject({ id: sent.id, conversation: 'We offer mode 3 in 2028' });
    expect((await history(bob.token, room.id)).find((m) => m.id === sent.id)?.editedAt).not.toBeNull();
    expect((await auditOf('CHAT_MESSAGE_EDITED')).value).toMatchObject({
      messageId: sent.id,
      before: 'We offer mode 3 in 2027',
      after: 'We offer mode 3 in 2028',
    });
    await b.close();
  });

  it('deletes: shown deleted without its text, found by no search, the text kept in the audit trail', async () => {
    const alice = await userWithToken(t);
    const bob = await userWithToken(t, { country: 'SN' });
    const room = await roomWith(alice.token, [bob.id]);
    const [sent] = await postMessages(t, alice.token, room.id, ['Our fallback is 49 %']);
    const res = await call(t, 'DELETE', `/chats/message/${sent.id}`, { token: alice.token });
    expect(res.body.payload).toMatchObject({ id: sent.id, deleted: true, conversation: '', file: null });
    const shown = (await history(bob.token, room.id)).find((m) => m.id === sent.id);
    expect(shown).toMatchObject({ deleted: true, conversation: '' });
    expect(
      (await call(t, 'GET', `/chats/searchMessages/${room.id}?q=fallback`, { token: bob.token })).body.payload,
    ).toEqual([]);
    expect((await auditOf('CHAT_MESSAGE_DELETED')).value).toMatchObject({
      messageId: sent.id,
      before: 'Our fallback is 49 %',
    });
    // Gone is gone: neither edited nor deleted again.
    expect(
      await call(t, 'PUT', `/chats/message/${sent.id}`, { token: alice.token, body: { conversation: 'x' } }),
    ).toMatchObject({ status: 422, body: { code: 'CHAT_MESSAGE_DELETED' } });
  });

  it("refuses another user's message (403), a room one is not in and an unknown message (404), changing nothing", async () => {
    const alice = await userWithToken(t);
    const bob = await userWithToken(t, { country: 'SN' });
    const mallory = await userWithToken(t, { country: 'NG' });
    const room = await roomWith(alice.token, [bob.id]);
    const [sent] = await postMessages(t, alice.token, room.id, ['Original']);
    expect(
      await call(t, 'PUT', `/chats/message/${sent.id}`, { token: bob.token, body: { conversation: 'Forged' } }),
    ).toMatchObject({ status: 403, body: { code: 'CHAT_MESSAGE_NOT_YOURS' } });
    expect(await call(t, 'DELETE', `/chats/message/${sent.id}`, { token: bob.token })).toMatchObject({
      status: 403,
    });
    expect(await call(t, 'DELETE', `/chats/message/${sent.id}`, { token: mallory.token })).toMatchObject({
      status: 404,
      body: { code: 'CHAT_MESSAGE_NOT_FOUND' },
    });
    expect(await call(t, 'DELETE', '/chats/message/not-a-message', { token: alice.token })).toMatchObject({
      status: 404,
    });
    expect(
      await call(t, 'PUT', `/chats/message/${sent.id}`, { token: alice.token, body: { conversation: '   ' } }),
    ).toMatchObject({ status: 400 });
    // A join line is the room's, not its subject's.
    const carol = await userWithToken(t, { country: 'GH' });
    await call(t, 'POST', `/chats/addInviteUser?userId=${carol.id}&roomId=${room.id}`, { token: alice.token });
    const joinLine = (await history(carol.token, room.id)).find((m) => m.type === 'JOIN')!;
    expect(await call(t, 'DELETE', `/chats/message/${joinLine.id}`, { token: carol.token })).toMatchObject({
      status: 403,
      body: { code: 'CHAT_MESSAGE_NOT_YOURS' },
    });
    expect((await history(bob.token, room.id)).find((m) => m.id === sent.id)).toMatchObject({
      conversation: 'Original',
      editedAt: null,
      deleted: false,
    });
  });
});

describe('replying to a message', () => {
  it('quotes the message replied to, live and in the history; a deleted one is quoted as deleted', async () => {
    const alice = await userWithToken(t);
    const bob = await userWithToken(t, { country: 'SN' });
    const room = await roomWith(alice.token, [bob.id]);
    const [question] = await postMessages(t, alice.token, room.id, ['Can you bind mode 4?']);
    const live = await connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${room.id}`), bob.token);
    await live.subscribe(`/topic/messages/${room.id}`);
    live.client.publish({
      destination: '/app/addMessage',
      body: JSON.stringify({ romes: { id: room.id }, conversation: 'Yes, from 2028', replyTo: { id: question.id } }),
    });
    const reply = JSON.parse((await live.next(`/topic/messages/${room.id}`)).body) as ChatMessage;
    const quote = { id: question.id, excerpt: 'Can you bind mode 4?', deleted: false };
    expect(reply).toMatchObject({ conversation: 'Yes, from 2028', replyTo: quote });
    expect(reply.replyTo?.sender).not.toBeNull();
    expect((await history(alice.token, room.id)).find((m) => m.id === reply.id)?.replyTo).toMatchObject(quote);

    await call(t, 'DELETE', `/chats/message/${question.id}`, { token: alice.token });
    expect((await history(alice.token, room.id)).find((m) => m.id === reply.id)?.replyTo).toMatchObject({
      id: question.id,
      excerpt: '',
      deleted: true,
    });
    await live.close();
  });

  it('refuses a reply to a message of another room, storing nothing', async () => {
    const alice = await userWithToken(t);
    const room = await roomWith(alice.token, []);
    const other = await roomWith(alice.token, []);
    const [elsewhere] = await postMessages(t, alice.token, other.id, ['Elsewhere']);
    const live = await connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${room.id}`), alice.token);
    live.client.publish({
      destination: '/app/addMessage',
      body: JSON.stringify({ romes: { id: room.id }, conversation: 'Leak?', replyTo: { id: elsewhere.id } }),
    });
    expect((await live.closed).error?.headers.message).toBe('The message replied to is not in this room');
    expect(await history(alice.token, room.id)).toEqual([]);
  });
});
