import crypto from 'node:crypto';
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Language, NewsletterConfirmed } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { newsletterSubscribers } from '../../db/schema/index.js';
import { firstOr404, refusal } from '../../errors.js';
import { hashToken, randomToken } from '../../auth/tokens.js';
import { confirmMail } from './mail-texts.js';

type Subscriber = typeof newsletterSubscribers.$inferSelect;

/**
 * No second confirmation mail goes to an address within this time, however many times the form is sent: the form
 * cannot be used to flood someone's mailbox. A confirmed address gets no mail at all.
 */
export const NEWSLETTER_MAIL_COOLDOWN_MS = 10 * 60_000;

/**
 * The unsubscribe token that goes with a confirmation token. It is derived (one way) rather than drawn on its own so
 * that confirming, which sees only the confirmation token, can hand the unsubscribe link to the page every time
 * (idempotent) while the database keeps hashes only.
 */
function unsubscribeTokenOf(confirmToken: string): string {
  return crypto.createHash('sha256').update(`newsletter-unsubscribe:${confirmToken}`).digest('base64url');
}

const link = (ctx: AppContext, path: string, token: string) =>
  `${ctx.config.publicUrl.replace(/\/$/, '')}${path}?token=${encodeURIComponent(token)}`;

/**
 * Subscribing, after the captcha. Returns at once: the caller answers the spec's message in every case, and the
 * lookup and the mail happen after the answer, so neither the text nor the time taken tells whether the address
 * was known or confirmed.
 */
export function requestSubscription(
  ctx: AppContext,
  { email, isNew, language }: { email: string; isNew: boolean; language: Language },
): void {
  setImmediate(() => {
    mailConfirmation(ctx, { email, isNew, language }).catch((err: unknown) =>
      ctx.log.error({ err }, 'newsletter subscription failed'),
    );
  });
}

/**
 * Stores a new address as waiting for confirmation, or gives a waiting one a new link once the cooldown has passed,
 * then mails the link. A confirmed address, or one mailed within the cooldown, is left as it is and mailed nothing.
 */
async function mailConfirmation(
  ctx: AppContext,
  { email, isNew, language }: { email: string; isNew: boolean; language: Language },
): Promise<void> {
  const now = new Date();
  const token = randomToken();
  const unsubscribeToken = unsubscribeTokenOf(token);
  const pending = {
    confirmTokenHash: hashToken(token),
    confirmExpiresAt: new Date(now.getTime() + ctx.config.newsletterConfirmHours * 3_600_000),
    unsubscribeTokenHash: hashToken(unsubscribeToken),
    mailedAt: now,
  };
  const issued = await ctx.db.transaction(async (tx) => {
    // Forget addresses whose link expired unused (someone typed an address not their own), once the cooldown has
    // also passed since their mail, so forgetting them never lets a new mail out early.
    await tx
      .delete(newsletterSubscribers)
      .where(
        and(
          isNull(newsletterSubscribers.confirmedAt),
          lt(newsletterSubscribers.confirmExpiresAt, new Date(now.getTime() - NEWSLETTER_MAIL_COOLDOWN_MS)),
        ),
      );
    const inserted = await tx
      .insert(newsletterSubscribers)
      .values({ email, isNew, ...pending })
      .onConflictDoNothing()
      .returning({ email: newsletterSubscribers.email });
    if (inserted.length > 0) return true;
    // The address is known: one request per address at a time, so two at once cannot both pass the cooldown.
    const [known] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email))
      .for('update');
    if (!known || known.confirmedAt) return false;
    if (known.mailedAt && now.getTime() - known.mailedAt.getTime() < NEWSLETTER_MAIL_COOLDOWN_MS) return false;
    // Only the newest link works: the earlier confirmation and unsubscribe links of a waiting address become void.
    await tx.update(newsletterSubscribers).set(pending).where(eq(newsletterSubscribers.email, email));
    return true;
  });
  if (!issued) return;
  await ctx.mailer.send({
    to: email,
    ...confirmMail(
      language,
      link(ctx, '/newsletter/confirm', token),
      link(ctx, '/newsletter/unsubscribe', unsubscribeToken),
      ctx.config.newsletterConfirmHours,
    ),
  });
}

/**
 * The mailed confirmation link: confirms the subscription (again and again with the same answer), and gives the
 * token of the unsubscribe link. A link that is unknown, replaced by a newer one, or expired before it was used is
 * refused and changes nothing.
 */
export async function confirmSubscription(ctx: AppContext, { token }: { token: string }): Promise<NewsletterConfirmed> {
  const now = new Date();
  const subscriber = await firstOr404(
    ctx.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.confirmTokenHash, hashToken(token)))
      .limit(1),
    () => refusal('NEWSLETTER_TOKEN_INVALID'),
  );
  if (!subscriber.confirmedAt) {
    if (!subscriber.confirmExpiresAt || subscriber.confirmExpiresAt <= now) throw refusal('NEWSLETTER_TOKEN_INVALID');
    await ctx.db
      .update(newsletterSubscribers)
      .set({ confirmedAt: now })
      .where(and(eq(newsletterSubscribers.email, subscriber.email), isNull(newsletterSubscribers.confirmedAt)));
  }
  return { unsubscribeToken: unsubscribeTokenOf(token) };
}

/** The unsubscribe link: removes the address, confirmed or not. A link that matches no subscriber is refused. */
export async function unsubscribe(ctx: AppContext, { token }: { token: string }): Promise<void> {
  const removed = await ctx.db
    .delete(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeTokenHash, hashToken(token)))
    .returning({ email: newsletterSubscribers.email });
  if (removed.length === 0) throw refusal('NEWSLETTER_TOKEN_INVALID');
}

/** Every subscriber, oldest first, confirmed or still waiting. */
export function listSubscribers(ctx: AppContext): Promise<Subscriber[]> {
  return ctx.db.select().from(newsletterSubscribers).orderBy(asc(newsletterSubscribers.createdAt));
}
