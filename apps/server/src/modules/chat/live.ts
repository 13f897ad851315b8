import { SEND_MESSAGE_DESTINATION, roomTopic } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { addFileRule } from '../files/access.js';
import { findAccessibleRoom, roomKey } from './access.js';
import { fileInMessages, fileVisibleInRooms, sendMessage } from './messages.js';
import { markSeenLive } from './unread.js';

/**
 * A user's access to a room has ended (left, removed): on every instance their subscriptions to its messages end
 * at once and their next SEND to it is checked again (and refused), their connections staying open.
 */
export function endRoomLive(ctx: AppContext, roomId: string, userId: string): Promise<void> {
  return ctx.realtime.drop({ userIds: [userId], destination: roomTopic(roomId), authorized: roomKey(roomId) });
}

/**
 * Chat's live destinations: a room's messages may be subscribed to by its participants only, messages are
 * SENT to /app/addMessage, and /stomp-chat?roomId= is refused for a room one is not in. While subscribed,
 * a connection counts as viewing the room (no notification for messages one sees arrive).
 */
export function registerChatLive(ctx: AppContext): void {
  ctx.realtime.register({
    pattern: '/topic/messages/{roomId}',
    async canSubscribe(session, { roomId }) {
      if (!(await findAccessibleRoom(ctx, session.user, roomId))) return false;
      session.authorized.add(roomKey(roomId));
      return true;
    },
    async onSubscribed(session, { roomId }, subscribed) {
      await ctx.realtime.broker.setViewing(roomId, `${session.user.id}:${session.id}`, subscribed);
      // Unread counts cost nothing per message: a reader's mark moves when the room is opened (POST markRead) and
      // when they stop looking at it (here), not with each message they see arrive.
      if (!subscribed) await markSeenLive(ctx, roomId, session.user.id);
    },
  });
  ctx.realtime.register({
    pattern: SEND_MESSAGE_DESTINATION,
    async onSend(session, frame) {
      await sendMessage(ctx, { actor: session.user, body: frame.body, authorized: session.authorized });
    },
  });
  ctx.realtime.guardEndpoint('/stomp-chat', async (session) => {
    const roomId = session.query.roomId;
    return !roomId || !!(await findAccessibleRoom(ctx, session.user, roomId));
  });
  addFileRule('chat', {
    canRead: (c, actor, key) => fileVisibleInRooms(c, actor, key),
    isInUse: (c, key) => fileInMessages(c, key),
  });
}
