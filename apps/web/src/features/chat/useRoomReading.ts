import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { countsAsUnread, type ChatMessage, type ChatRoom } from '@portal/shared';
import { chatApi, chatKeys } from './api';

/**
 * Reading an open room: which message was the first unread one when the room opened (marked in the list); the room is
 * marked read when it opens and when it is left (the server also marks it when the room's subscription ends), not
 * with each message seen arriving, so a busy room costs no call per message and reader.
 */
export function useRoomReading(roomId: string, room: ChatRoom | undefined, messages: ChatMessage[], meId: string) {
  const queryClient = useQueryClient();
  // What had been read when the room opened, and its newest message then: later arrivals are not "unread" here.
  const opened = useRef<{ lastReadAt: string | null; newestAt: string } | null>(null);
  const newest = messages.at(-1);
  if (!opened.current && room && newest) opened.current = { lastReadAt: room.lastReadAt, newestAt: newest.createdAt };
  const from = opened.current;
  // Found once and kept: when older pages come above, the mark does not jump (and the reader's place with it).
  const found = useRef<string | null>(null);
  if (from && !found.current)
    found.current =
      messages.find(
        (m) =>
          countsAsUnread(m, meId) &&
          (from.lastReadAt === null || m.createdAt > from.lastReadAt) &&
          m.createdAt <= from.newestAt,
      )?.id ?? null;
  const firstUnreadId = found.current;

  const loaded = messages.length > 0;
  useEffect(() => {
    if (!loaded) return;
    const markRead = () =>
      chatApi
        .markRead(roomId)
        .then(() => queryClient.invalidateQueries({ queryKey: chatKeys.rooms() }))
        .catch(() => undefined);
    void markRead();
    return () => void markRead();
  }, [roomId, loaded, queryClient]);

  return { firstUnreadId };
}
