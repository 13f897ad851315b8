import type { MyNotifications } from '@portal/shared';
import type { CachedAnswer } from '../../lib/kept-answer.js';

/** How long a user's popover is kept at most; a write or a read of their notifications forgets it at once. */
const KEEP_MS = 60_000;
/** Most users' popovers kept at once (past it, all are forgotten and read again). */
const MAX_USERS = 20_000;

interface Kept {
  answer: CachedAnswer;
  expiresAt: number;
}

/** The answer of GET /notifications/my for a popover, as sent. */
const answerOf = (page: MyNotifications): CachedAnswer => ({ json: JSON.stringify({ payload: page }) });

/**
 * Each user's GET /notifications/my answer (the header's popover, read by every screen) as sent, kept until one of
 * their notifications is written or read, with its compressed copies (lib/kept-answer.ts). Only on a lone instance
 * (`alone`: no Redis, which running several requires): every write of notifications then happens here. With several
 * instances a write made elsewhere would not be seen at once, so nothing is kept. A read that began before a write of
 * the same user's notifications is not kept (`version`).
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

  async answer(userId: string, load: () => Promise<MyNotifications>): Promise<CachedAnswer> {
    if (!this.alone) return answerOf(await load());
    const kept = this.pages.get(userId);
    if (kept && kept.expiresAt > this.now()) return kept.answer;
    const version = this.versionOf(userId);
    const answer = answerOf(await load());
    if (this.versionOf(userId) !== version) return answer;
    if (this.pages.size >= MAX_USERS) this.pages.clear();
    this.pages.set(userId, { answer, expiresAt: this.now() + KEEP_MS });
    return answer;
  }

  /** Forgets the users' popovers: called once their notifications have been written or read. */
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
