import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { passwordChangedMail } from './mail-texts.js';

/** The account mails that follow events: a changed password is told to its owner, in their language. */
export function registerAccountMailListeners(ctx: AppContext): void {
  ctx.events.on('user.passwordChanged', async ({ userId }) => {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    if (!user) return;
    const resetLink = `${ctx.config.publicUrl.replace(/\/$/, '')}/reset-password`;
    await ctx.mailer.send({ to: user.email, ...passwordChangedMail(user.language, user.firstName, resetLink) });
  });
}
