import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ChatMessage } from '@portal/shared';

/** The reader's line: a message, how far below the list's top edge it was, and the list's scroll offset then. */
interface ReaderLine {
  id: string;
  offset: number;
  scrollTop: number;
}

const LINE = '[data-message-id]';

function noteLine(list: HTMLElement, line: HTMLElement): ReaderLine {
  const offset = line.getBoundingClientRect().top - list.getBoundingClientRect().top;
  return { id: line.dataset.messageId!, offset, scrollTop: list.scrollTop };
}

/** The first message still in view, even partly: the line the reader is at. */
function lineInView(list: HTMLElement): ReaderLine | null {
  const top = list.getBoundingClientRect().top;
  const line = [...list.querySelectorAll<HTMLElement>(LINE)].find((l) => l.getBoundingClientRect().bottom > top);
  return line ? noteLine(list, line) : null;
}

/**
 * Scrolls so that the reader's line is where the reader left it, whatever changed above it since. Only the reader's
 * own scrolling since the line was noted moves it (a scroll event comes a frame after the scroll).
 */
function keepLine(list: HTMLElement, reader: ReaderLine): ReaderLine | null {
  const line = [...list.querySelectorAll<HTMLElement>(LINE)].find((l) => l.dataset.messageId === reader.id);
  if (!line) return lineInView(list);
  const wanted = reader.offset - (list.scrollTop - reader.scrollTop);
  list.scrollTop += line.getBoundingClientRect().top - list.getBoundingClientRect().top - wanted;
  return noteLine(list, line);
}

/**
 * The message list's scroll: opened at the first unread message (`marker`, or the bottom), at the bottom when a
 * message arrives or a line is added below (`extra` counts them), and otherwise the reader's line stays where it is on
 * the screen whatever comes, goes or grows above it ("Show older messages", the button and the unread mark, a
 * preview loading), in whatever order the room, its pages and their states arrive. Returns the list's ref; the list's
 * one child holds its lines.
 */
export function useMessageScroll(messages: ChatMessage[], extra: number, marker: string) {
  // State, not a ref: the list may mount after the messages have come (the room's details come later).
  const [list, setList] = useState<HTMLDivElement | null>(null);
  const reader = useRef<ReaderLine | null>(null);
  const placed = useRef<{ last: string; extra: number } | null>(null);
  const last = messages[messages.length - 1]?.id;

  const keep = useCallback(() => {
    if (list && reader.current) reader.current = keepLine(list, reader.current);
  }, [list]);
  // After every render, whatever it changed above the reader's line.
  useLayoutEffect(keep);

  useLayoutEffect(() => {
    if (!list || !last) return;
    const before = placed.current;
    placed.current = { last, extra };
    if (before?.last === last && before.extra === extra) return;
    const unread = before ? null : list.querySelector<HTMLElement>(marker);
    list.scrollTop = unread
      ? list.scrollTop + unread.getBoundingClientRect().top - list.getBoundingClientRect().top
      : list.scrollHeight;
    reader.current = lineInView(list);
  }, [list, last, extra, marker]);

  // The reader's scrolling notes their line; sizes that change without a render (a preview loading) keep it.
  useEffect(() => {
    if (!list) return;
    const note = () => (reader.current = lineInView(list));
    list.addEventListener('scroll', note, { passive: true });
    const resized = new ResizeObserver(keep);
    if (list.firstElementChild) resized.observe(list.firstElementChild);
    return () => {
      list.removeEventListener('scroll', note);
      resized.disconnect();
    };
  }, [list, keep]);

  return setList;
}
