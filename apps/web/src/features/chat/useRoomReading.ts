import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { countsAsUnread, type ChatMessage, type ChatRoom } from '@portal/shared';
import { chatApi, chatKeys } from './api';

/** How long the newest message must stay the newest before the room is marked read (a burst costs one call). */
const MARK_READ_AFTER_MS = 400;

/**
 * Reading an open room: which message was the first unread one when the room opened (marked in the list), and the
 * room marked read up to its newest message while it is open (lists' counters follow).
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

  const newestId = messages.length ? messages[messages.length - 1].id : null;
  useEffect(() => {
    if (!newestId) return;
    const timer = setTimeout(() => {
      chatApi
        .markRead(roomId, newestId)
        .then(() => queryClient.invalidateQueries({ queryKey: chatKeys.rooms() }))
        .catch(() => undefined);
    }, MARK_READ_AFTER_MS);
    return () => clearTimeout(timer);
  }, [roomId, newestId, queryClient]);

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
