import { describe, expect, it } from 'vitest';
import type { MyNotifications } from '@portal/shared';
import { KeptNotificationPages } from './kept-pages.js';

const pageWith = (unread: number): MyNotifications => ({ notifications: [], unread });
const unreadOf = async (answer: Promise<{ json: string }>) =>
  (JSON.parse((await answer).json) as { payload: MyNotifications }).payload.unread;

describe("a user's kept notifications popover", () => {
  it('is read again after a write of their notifications, after its time, and never kept from a read begun before a write', async () => {
    let now = 0;
    const pages = new KeptNotificationPages(true, () => now);
    let reads = 0;
    const load = () => Promise.resolve(pageWith(++reads));
    expect(await unreadOf(pages.answer('ana', load))).toBe(1);
    expect(await unreadOf(pages.answer('ana', load))).toBe(1);
    pages.forget(['ben']);
    expect(await unreadOf(pages.answer('ana', load))).toBe(1);
    pages.forget(['ana']);
    expect(await unreadOf(pages.answer('ana', load))).toBe(2);

    // A read under way when a write lands is answered but not kept.
    let finish = (_: MyNotifications) => {};
    const during = pages.answer('ana-2', () => new Promise<MyNotifications>((resolve) => (finish = resolve)));
    pages.forget(['ana-2']);
    finish(pageWith(40));
    expect(await unreadOf(during)).toBe(40);
    expect(await unreadOf(pages.answer('ana-2', load))).toBe(3);

    now = 60_001;
    expect(await unreadOf(pages.answer('ana', load))).toBe(4);
  });

  it('keeps nothing when other instances may write notifications', async () => {
    const pages = new KeptNotificationPages(false);
    let reads = 0;
    const load = () => Promise.resolve(pageWith(++reads));
    expect(await unreadOf(pages.answer('ana', load))).toBe(1);
    expect(await unreadOf(pages.answer('ana', load))).toBe(2);
  });
});
