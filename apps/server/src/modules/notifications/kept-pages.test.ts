import { describe, expect, it } from 'vitest';
import type { MyNotifications } from '@portal/shared';
import { KeptNotificationPages } from './kept-pages.js';
import { must } from '../../../test/must.js';

const pageWith = (unread: number): MyNotifications => ({ notifications: [], unread });
const unreadOf = async (answer: Promise<{ json: string }>) =>
  (JSON.parse((await answer).json) as { payload: MyNotifications }).payload.unread;

describe("a user's kept notifications popover", () => {
  it('is read again after marking read, after its time, and never kept from a read begun before that', async () => {
    let now = 0;
    const pages = new KeptNotificationPages(true, () => now);
    let reads = 0;
    const load = () => Promise.resolve(pageWith(++reads));
    expect(await unreadOf(pages.answer('ana', 'en', load))).toBe(1);
    expect(await unreadOf(pages.answer('ana', 'en', load))).toBe(1);
    pages.forget(['ben']);
    expect(await unreadOf(pages.answer('ana', 'en', load))).toBe(1);
    pages.forget(['ana']);
    expect(await unreadOf(pages.answer('ana', 'en', load))).toBe(2);

    // A read under way when a write lands is answered but not kept.
    let finish = (_: MyNotifications) => {};
    const during = pages.answer('ana-2', 'en', () => new Promise<MyNotifications>((resolve) => (finish = resolve)));
    pages.forget(['ana-2']);
    finish(pageWith(40));
    expect(await unreadOf(during)).toBe(40);
    expect(await unreadOf(pages.answer('ana-2', 'en', load))).toBe(3);

    now = 60_001;
    expect(await unreadOf(pages.answer('ana', 'en', load))).toBe(4);
  });

  it('is never given to a read in another language, which reads the page again and keeps that one', async () => {
    const pages = new KeptNotificationPages(true, () => 0);
    let reads = 0;
    const load = () => Promise.resolve(pageWith(++reads));
    expect(await unreadOf(pages.answer('ana', 'en', load))).toBe(1);
    expect(await unreadOf(pages.answer('ana', 'fr', load))).toBe(2);
    expect(await unreadOf(pages.answer('ana', 'fr', load))).toBe(2);
    expect(await unreadOf(pages.answer('ana', 'en', load))).toBe(3);
  });

  it('keeps nothing when other instances may write notifications', async () => {
    const pages = new KeptNotificationPages(false);
    let reads = 0;
    const load = () => Promise.resolve(pageWith(++reads));
    expect(await unreadOf(pages.answer('ana', 'en', load))).toBe(1);
    expect(await unreadOf(pages.answer('ana', 'en', load))).toBe(2);
  });
});

describe('a write into a kept popover', () => {
  const note = (id: string, at: string, count = 1) => ({
    id,
    subject: 'New messages',
    text: `${count} new messages`,
    createdAtNotification: at,
    read: false,
    kind: 'chat.message',
    link: null,
    count,
  });
  const shown = async (pages: KeptNotificationPages, user: string) =>
    (
      JSON.parse((await pages.answer(user, 'en', () => Promise.reject(new Error('read again')))).json) as {
        payload: MyNotifications;
      }
    ).payload;

  it('takes the notification in, newest first, 20 at most, with the unread count written', async () => {
    const pages = new KeptNotificationPages(true, () => 0);
    const older = Array.from({ length: 20 }, (_, i) =>
      note(`id-${String(i).padStart(2, '0')}`, `2026-11-0${1 + (i % 9)}T00:00:00.000Z`),
    );
    older.sort((a, b) => b.createdAtNotification.localeCompare(a.createdAtNotification) || b.id.localeCompare(a.id));
    await pages.answer('ana', 'en', () => Promise.resolve({ notifications: older, unread: 20 }));
    const before = pages.versionsBefore(['ana']);
    pages.takeWrites(before, [
      { userId: 'ana', language: 'en', notification: note('new', '2026-11-28T10:00:00.000Z'), unread: 21 },
    ]);
    const after = await shown(pages, 'ana');
    expect(after.unread).toBe(21);
    expect(after.notifications.map((n) => n.id)).toEqual(['new', ...older.slice(0, 19).map((n) => n.id)]);

    // An open batch counted up: the same notification moves to the top, not twice.
    const batched = must(older[5]).id;
    pages.takeWrites(pages.versionsBefore(['ana']), [
      { userId: 'ana', language: 'en', notification: note(batched, '2026-11-28T10:00:01.000Z', 3), unread: 21 },
    ]);
    const again = (await shown(pages, 'ana')).notifications;
    expect(again[0]).toMatchObject({ id: batched, count: 3 });
    expect(again.filter((n) => n.id === batched)).toHaveLength(1);
    expect(again).toHaveLength(20);
  });

  it('is forgotten when the notification was written in another language than its own', async () => {
    const pages = new KeptNotificationPages(true, () => 0);
    let reads = 0;
    await pages.answer('ana', 'fr', () => Promise.resolve(pageWith(++reads)));
    pages.takeWrites(pages.versionsBefore(['ana']), [
      { userId: 'ana', language: 'en', notification: note('x', '2026-11-28T10:00:00.000Z'), unread: 9 },
    ]);
    expect(await unreadOf(pages.answer('ana', 'fr', () => Promise.resolve(pageWith(++reads))))).toBe(2);
  });

  it('is forgotten when it changed since the write began, or when nothing was written for its user', async () => {
    const pages = new KeptNotificationPages(true, () => 0);
    let reads = 0;
    const load = () => Promise.resolve(pageWith(++reads));
    await pages.answer('ana', 'en', load);
    await pages.answer('ben', 'en', load);
    const before = pages.versionsBefore(['ana', 'ben']);
    // Marked read while the write was under way.
    pages.forget(['ana']);
    await pages.answer('ana', 'en', load);
    pages.takeWrites(before, [
      { userId: 'ana', language: 'en', notification: note('x', '2026-11-28T10:00:00.000Z'), unread: 9 },
    ]);
    expect(await unreadOf(pages.answer('ana', 'en', load))).toBe(4);
    expect(await unreadOf(pages.answer('ben', 'en', load))).toBe(5);
  });
});
