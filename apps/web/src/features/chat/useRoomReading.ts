import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
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
  if (!opened.current && room && messages.length)
    opened.current = { lastReadAt: room.lastReadAt, newestAt: messages[messages.length - 1].createdAt };
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

/**
 * The message list's scroll: opened at the first unread message (or the bottom), at the bottom when a message
 * arrives, and where the reader was when older messages are put above ("Show older messages" keeps one's place).
 * Call `keepPlace()` just before asking for older messages.
 */
export function useMessageScroll(
  list: RefObject<HTMLDivElement | null>,
  messages: ChatMessage[],
  extra: number,
  marker: string,
) {
  const seen = useRef<{ first?: string; last?: string; extra: number }>({ extra: 0 });
  const fromBottom = useRef<number | null>(null);
  const first = messages[0]?.id;
  const last = messages[messages.length - 1]?.id;
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    const before = seen.current;
    seen.current = { first, last, extra };
    if (!last) return;
    const toBottom = () => (el.scrollTop = el.scrollHeight);
    if (before.last === undefined) {
      const unread = el.querySelector<HTMLElement>(marker);
      if (unread) el.scrollTop += unread.getBoundingClientRect().top - el.getBoundingClientRect().top;
      else toBottom();
    } else if (last !== before.last || extra !== before.extra) toBottom();
    else if (first !== before.first && fromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - fromBottom.current;
      fromBottom.current = null;
    }
  }, [list, first, last, extra, marker]);
  return {
    keepPlace: () => {
      const el = list.current;
      if (el) fromBottom.current = el.scrollHeight - el.scrollTop;
    },
  };
}
