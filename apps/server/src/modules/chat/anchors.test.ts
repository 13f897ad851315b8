import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ChatAnchor } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { newRoom, userWithToken } from '../../../test/factories.js';
import { chatMessages } from '../../db/schema/index.js';
import { connectLive, liveUrl } from '../../realtime/testing.js';
import { findAnchoredMessage, insertAnchoredMessage } from './anchors.js';
import { publishStoredMessage } from './messages.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const responseId = '6d1c3c1e-6a55-4d6a-9a39-3f0f3c2b8e11';
const entry = (entryKey: string): ChatAnchor => ({
  kind: 'entry',
  responseId,
  offerId: '0b9a4a3e-2f6e-4f7a-8b51-6a0d5f3c9e22',
  entryKey,
  offerCountryCode: 'KE',
  responderCountryCode: 'SN',
  sectorCodes: ['1.A.a'],
  sectorTitle: 'Legal services',
  part: 'SECTOR',
  block: 'MA',
  mode: 'commercialPresence',
  original: 'Unbound',
  proposed: 'None',
});

describe('anchored messages', () => {
  it('are stored in the caller’s transaction, published and listed with their anchor, and found by identity', async () => {
    const alice = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR' });
    const bob = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const room = (await call(t, 'POST', '/chats/addRomes', { token: alice.token, body: newRoom('Anchors', [bob.id]) }))
      .body.payload;
    const live = await connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${room.id}`), bob.token);
    await live.subscribe(`/topic/messages/${room.id}`);
    const delivered = live.next(`/topic/messages/${room.id}`);

    const anchor = entry('s.abc.MA.commercialPresence');
    const row = await t.ctx.db.transaction((tx) =>
      insertAnchoredMessage(tx, {
        roomId: room.id,
        senderId: alice.id,
        // A field the schema does not know is not stored.
        anchor: Object.assign({ extra: 'dropped' }, anchor),
        conversation: 'Market access, mode 3, 1.A.a Legal services: Unbound → None',
      }),
    );
    expect(row.anchor).toEqual(anchor);
    await publishStoredMessage(t.ctx, row);

    const body = JSON.parse((await delivered).body);
    expect(body).toMatchObject({ id: row.id, anchor, sender: { userId: alice.id }, type: 'NORMAL' });
    const listed = (await call(t, 'GET', `/chats/getAllMessageByRome/${room.id}`, { token: bob.token })).body.payload
      .content;
    expect(listed.find((m: { id: string }) => m.id === row.id)?.anchor).toEqual(anchor);
    await live.close();

    const identity = { kind: 'entry', responseId } as const;
    expect(
      await findAnchoredMessage(t.ctx.db, {
        roomId: room.id,
        anchor: { ...identity, entryKey: 's.abc.MA.commercialPresence' },
      }),
    ).toBe(row.id);
    expect(
      await findAnchoredMessage(t.ctx.db, {
        roomId: room.id,
        anchor: { ...identity, entryKey: 's.abc.NT.crossBorder' },
      }),
    ).toBeNull();
    expect(
      await findAnchoredMessage(t.ctx.db, { roomId: room.id, anchor: { kind: 'request', requestId: row.id } }),
    ).toBeNull();

    // A message its sender deleted no longer counts: the next "Discuss" posts anew.
    await t.ctx.db.update(chatMessages).set({ deletedAt: new Date() }).where(eq(chatMessages.id, row.id));
    expect(
      await findAnchoredMessage(t.ctx.db, {
        roomId: room.id,
        anchor: { ...identity, entryKey: 's.abc.MA.commercialPresence' },
      }),
    ).toBeNull();
  });
});
