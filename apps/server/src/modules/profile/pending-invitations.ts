import { and, eq, isNull } from 'drizzle-orm';
import { invitableRoles, isUuid, type Role } from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { invitations, users } from '../../db/schema/index.js';
import { notFound, refusal, firstOr404 } from '../../errors.js';
import { writeAudit } from '../logs/service.js';
import { assertInvitationQuota, issueInvitation, sendInvitationMail, type InvitationMail } from './invitations.js';

/**
 * Who may resend or cancel an invitation: whoever may invite that role for that country (the spec's roles). A chief
 * negotiator does not see accounts outside his country's focal points (404); the secretariat sees every account but
 * may only act on the roles it invites (403).
 */
export function invitationRefusal(
  actor: Actor,
  invitee: { role: Role; countryId: number | null },
): 'NOT_FOUND' | 'ROLE_NOT_INVITABLE' | null {
  if (actor.role === 'CHIEF_NEGOTIATOR') {
    const his =
      invitee.role === 'SERVICE_FOCAL_POINT' && actor.countryId !== null && invitee.countryId === actor.countryId;
    return his ? null : 'NOT_FOUND';
  }
  return invitableRoles(actor.role).includes(invitee.role) ? null : 'ROLE_NOT_INVITABLE';
}

/** Loads the invitee's account under lock, refusing whoever may not act on it and accounts no longer PENDING. */
async function lockPendingInvitee(tx: Tx, actor: Actor, userId: string) {
  if (!isUuid(userId)) throw notFound();
  const invitee = await firstOr404(tx.select().from(users).where(eq(users.id, userId)).for('update'));
  const refused = invitationRefusal(actor, invitee);
  if (refused === 'NOT_FOUND') throw notFound();
  if (refused) throw refusal(refused);
  if (invitee.status !== 'PENDING') throw refusal('INVITATION_NOT_PENDING');
  return invitee;
}

/** Ends every link still open for an account (a used link is already spent). */
async function expireOpenLinks(tx: Tx, userId: string) {
  await tx
    .update(invitations)
    .set({ expiresAt: new Date() })
    .where(and(eq(invitations.userId, userId), isNull(invitations.usedAt)));
}

/**
 * Sends a pending invitation again with a new link; the previous links stop working. The resend counts towards the
 * sender's INVITATIONS_PER_DAY, and the mail names the sender as the one who invites.
 */
export async function resendInvitation(
  ctx: AppContext,
  { actor, userId, meta }: { actor: Actor; userId: string; meta: RequestMeta },
) {
  const mail = await ctx.db.transaction(async (tx): Promise<InvitationMail> => {
    const invitee = await lockPendingInvitee(tx, actor, userId);
    await assertInvitationQuota(ctx, tx, actor, 1);
    await expireOpenLinks(tx, invitee.id);
    const token = await issueInvitation(tx, { userId: invitee.id, invitedBy: actor.id });
    await writeAudit(tx, {
      action: 'INVITATION_RESENT',
      logUser: actor.email,
      targetUser: invitee.email,
      value: { role: invitee.role, countryId: invitee.countryId },
      meta,
    });
    return {
      to: invitee.email,
      token,
      firstName: invitee.firstName,
      language: invitee.language,
      role: invitee.role,
      countryId: invitee.countryId,
    };
  });
  await sendInvitationMail(ctx, { actor, mail });
}

/**
 * Cancels a pending invitation: the PENDING account is removed, so its links stop working and the address can be
 * invited again. The invitation rows stay (without the account) and keep counting towards their inviter's day.
 */
export async function cancelInvitation(
  ctx: AppContext,
  { actor, userId, meta }: { actor: Actor; userId: string; meta: RequestMeta },
) {
  await ctx.db.transaction(async (tx) => {
    const invitee = await lockPendingInvitee(tx, actor, userId);
    await expireOpenLinks(tx, invitee.id);
    await tx.delete(users).where(and(eq(users.id, invitee.id), eq(users.status, 'PENDING')));
    await writeAudit(tx, {
      action: 'INVITATION_CANCELLED',
      logUser: actor.email,
      targetUser: invitee.email,
      value: { role: invitee.role, countryId: invitee.countryId },
      meta,
    });
  });
}
