import { NOTIFICATION_POPOVER_SIZE, type MyNotifications, type Notification } from '@portal/shared';
import type { AppContext } from '../../context.js';
import type { CachedAnswer } from '../../lib/kept-answer.js';
import type { NotificationLanguage } from './texts.js';

/** How long a user's popover is kept at most; marking their notifications read forgets it at once. */
const KEEP_MS = 60_000;
/** Most users' popovers kept at once (past it, all are forgotten and read again). */
const MAX_USERS = 20_000;

interface Kept {
  /** The language the page is written in: a read in another one does not get it. */
  language: NotificationLanguage;
  page: MyNotifications;
  answer: CachedAnswer;
  expiresAt: number;
}

/** A notification just written for a user, with their unread count once it is (as writeNotifications returns them). */
export interface WrittenNotification {
  userId: string;
  /** The language `notification` is presented in (the recipient's when it was written). */
  language: NotificationLanguage;
  notification: Notification;
  unread: number;
}

/** The answer of GET /notifications/my for a popover, as sent. */
const answerOf = (page: MyNotifications): CachedAnswer => ({ json: JSON.stringify({ payload: page }) });

/** Whether `a` comes before `b` in the page read from the database: newest first, then by id. */
const precedes = (a: Notification, b: Notification) =>
  a.createdAtNotification === b.createdAtNotification ? a.id > b.id : a.createdAtNotification > b.createdAtNotification;

/**
 * A popover with a notification written into it: in its place, once, 20 at most. The others keep the database's
 * order, in which notifications written before times were kept to whole milliseconds may differ within one.
 */
function placed(shown: Notification[], written: Notification): Notification[] {
  const others = shown.filter((n) => n.id !== written.id);
  const at = others.findIndex((n) => precedes(written, n));
  others.splice(at === -1 ? others.length : at, 0, written);
  return others.slice(0, NOTIFICATION_POPOVER_SIZE);
}

/**
 * Each user's GET /notifications/my answer (the header's popover, read by every screen) as sent, kept with its
 * compressed copies (lib/kept-answer.ts), in the one language it was read in (notifications are shown in the reader's
 * language): a read in another language reads the page again and keeps that one instead. Only on a lone instance
 * (`alone`: no Redis, which running several requires): every write of notifications then happens here. A write of a
 * user's notifications brings the notification it wrote and the unread count into the kept popover (`takeWrites`), as
 * a read would show them, so that a chat message to members who are away does not cost each of them a read of their
 * page; marking read forgets it. With several instances a write made elsewhere would not be seen at once, so nothing
 * is kept. The rule that keeps it right: every writer moves the user's `version` once its statement has returned (a
 * write in `takeWrites`, marking read or a failed write in `forget`, on `notifications.changed`); a page read is kept
 * only if nothing moved it while the read ran, and a page is brought up to date only if nothing moved it between
 * `versionsBefore` and `takeWrites`. Of overlapping writes, whose counts were each read in their own snapshot, the
 * later one therefore forgets the page instead of patching it.
 *
 * @cache notification-popovers
 */
export class KeptNotificationPages {
  private readonly pages = new Map<string, Kept>();
  private readonly versions = new Map<string, number>();
  /** Moves when `versions` is emptied, so that no read begun before is kept. */
  private generation = 0;

  constructor(
    private readonly alone: boolean,
    private readonly now: () => number = Date.now,
  ) {}

  /** The user's popover in `language`: the kept one if it is in that language, else read by `load` (and kept). */
  async answer(
    userId: string,
    language: NotificationLanguage,
    load: () => Promise<MyNotifications>,
  ): Promise<CachedAnswer> {
    if (!this.alone) return answerOf(await load());
    const kept = this.pages.get(userId);
    if (kept && kept.language === language && kept.expiresAt > this.now()) return kept.answer;
    const version = this.versionOf(userId);
    const page = await load();
    const answer = answerOf(page);
    if (this.versionOf(userId) !== version) return answer;
    if (this.pages.size >= MAX_USERS) this.pages.clear();
    this.pages.set(userId, { language, page, answer, expiresAt: this.now() + KEEP_MS });
    return answer;
  }

  /** Where the users' popovers stand before their notifications are written: given back to `takeWrites`. */
  versionsBefore(userIds: Iterable<string>): Map<string, string> {
    if (!this.alone) return new Map();
    return new Map([...userIds].map((id) => [id, this.versionOf(id)]));
  }

  /**
   * After a write of the users' notifications (`versionsBefore` taken just ahead of it): a popover nobody changed
   * meanwhile takes in the notification written for its user and their unread count, if written in the page's
   * language; any other is forgotten, as are those of the users for whom nothing was written.
   */
  takeWrites(versionsBefore: Map<string, string>, writes: WrittenNotification[]): void {
    if (!this.alone) return;
    const byUser = new Map(writes.map((w) => [w.userId, w]));
    for (const [userId, version] of versionsBefore) {
      const kept = this.pages.get(userId);
      const change = byUser.get(userId);
      const unchanged = this.versionOf(userId) === version;
      this.forget([userId]);
      if (!kept || !change || !unchanged || kept.expiresAt <= this.now() || kept.language !== change.language) continue;
      const page: MyNotifications = {
        notifications: placed(kept.page.notifications, change.notification),
        unread: change.unread,
      };
      this.pages.set(userId, { language: kept.language, page, answer: answerOf(page), expiresAt: kept.expiresAt });
    }
  }

  /**
   * Forgets the users' popovers: once their notifications have been marked read or a write of them failed
   * (`notifications.changed`), or their language changed (`user.accessChanged`).
   */
  forget(userIds: Iterable<string>): void {
    if (!this.alone) return;
    for (const id of userIds) {
      this.pages.delete(id);
      this.versions.set(id, (this.versions.get(id) ?? 0) + 1);
    }
    if (this.versions.size > MAX_USERS) {
      this.versions.clear();
      this.pages.clear();
      this.generation++;
    }
  }

  private versionOf(userId: string): string {
    return `${this.generation}:${this.versions.get(userId) ?? 0}`;
  }
}

/**
 * Forgets kept popovers on the events that change them, inside `emit` (`onSync`): the writer's version moves before
 * its call goes on, as the rule above needs. Notifications marked read or a failed write (`notifications.changed`);
 * a user's language (`user.accessChanged`: the page kept in the former one is of no more use).
 */
export function forgetPopoversOnChanges(ctx: AppContext): void {
  ctx.events.onSync('notifications.changed', ({ userIds }) => ctx.notificationPages.forget(userIds));
  ctx.events.onSync('user.accessChanged', ({ userId }) => ctx.notificationPages.forget([userId]));
}
