import { and, asc, count, eq, gt, inArray, isNull } from 'drizzle-orm';
import {
  COUNTRY_WRITER_ROLES,
  PROFILE_MESSAGES,
  invitableRoles,
  needsCountry,
  isStaff,
  type FocalUser,
  type InvitedUser,
  type Role,
} from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { auditLogs, countries, invitations, users } from '../../db/schema/index.js';
import { nameColumns } from '../../db/columns.js';
import { badRequest, refusal } from '../../errors.js';
import { only } from '../../lib/only.js';
import { assertStrongPassword, hashPassword } from '../../auth/passwords.js';
import { hashToken, randomToken } from '../../auth/tokens.js';
import { writeAudit } from '../logs/service.js';
import { alreadyRegisteredMail, invitationMail } from './mail-texts.js';
import { mailLanguage, titledName } from '../../providers/mail/content.js';

/** How long an invitation link works. */
export const INVITATION_DAYS = 14;
const invalidInvitation = () => refusal('INVITATION_INVALID');

/**
 * Invites users: a chief negotiator invites focal points of his own country; the secretariat invites chief
 * negotiators or focal points of any country. Each invitee gets a PENDING account and a mail with a link to choose a
 * password; an address that already has an account gets a mail saying so instead. All or nothing; the answer counts
 * every address, so it is the same whether an address had an account or not.
 */
export async function inviteUsers(
  ctx: AppContext,
  { actor, invitees, meta }: { actor: Actor; invitees: InvitedUser[]; meta: RequestMeta },
) {
  const allowed = invitableRoles(actor.role);
  const emails = invitees.map((i) => i.email);
  if (new Set(emails).size !== emails.length) throw refusal('EMAIL_ENTERED_TWICE');
  const codes = [...new Set(invitees.map((i) => i.countryCode?.toUpperCase()).filter((c): c is string => !!c))];
  const known = codes.length ? await ctx.db.select().from(countries).where(inArray(countries.code, codes)) : [];
  // A chief negotiator's invitees get his own country and its region, whatever the body names (the spec's validation
  // rules).
  const [own] =
    actor.role === 'CHIEF_NEGOTIATOR' && actor.countryId !== null
      ? await ctx.db.select().from(countries).where(eq(countries.id, actor.countryId))
      : [];

  const rows = invitees.map((invitee) => {
    if (!allowed.includes(invitee.userRole)) throw refusal('ROLE_NOT_INVITABLE');
    if (actor.role === 'CHIEF_NEGOTIATOR')
      return { invitee, countryId: own?.id ?? null, regionId: own?.regionId ?? null };
    // The secretariat and administrators belong to no country (the spec's roles): a country given for them is refused.
    if (!needsCountry(invitee.userRole)) {
      if (invitee.countryCode) throw refusal('ROLE_COUNTRY_NOT_ALLOWED');
      return { invitee, countryId: null, regionId: null };
    }
    const country = known.find((c) => c.code === invitee.countryCode?.toUpperCase());
    if (!country) throw badRequest(PROFILE_MESSAGES.countryRequired);
    return { invitee, countryId: country.id, regionId: country.regionId };
  });
  const passwordHash = await hashPassword(randomToken());
  const mails: InvitationMail[] = [];
  const owners: Invitee[] = [];
  await ctx.db.transaction(async (tx) => {
    // Every address counts against the quota, whether or not it has an account: the refusal says nothing of which.
    await assertInvitationQuota(ctx, tx, actor, rows.length);
    for (const { invitee, countryId, regionId } of rows) {
      const [user] = await tx
        .insert(users)
        .values({
          email: invitee.email,
          passwordHash,
          firstName: invitee.firstName,
          lastName: invitee.lastName,
          titlePrefix: invitee.titlePrefix,
          role: invitee.userRole,
          countryId,
          regionId,
          language: invitee.language ?? actor.language,
          status: 'PENDING',
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      const mail: Invitee = {
        to: invitee.email,
        firstName: invitee.firstName,
        language: invitee.language ?? actor.language,
        role: invitee.userRole,
        countryId,
      };
      // An address with an account: nothing is created and the inviter is answered as for any other address (an
      // inviter must not learn who has an account); its owner is told instead, at most once a day. Every attempt is
      // recorded, and counts against the inviter's quota as an invitation would.
      const told = !user && (await toldToday(tx, invitee.email));
      await writeAudit(tx, {
        action: user ? 'USER_INVITED' : 'USER_INVITED_EXISTING',
        logUser: actor.email,
        targetUser: invitee.email,
        value: { role: invitee.userRole, countryId },
        meta,
      });
      if (user) {
        mails.push({ ...mail, token: await issueInvitation(tx, { userId: user.id, invitedBy: actor.id }) });
      } else if (!told) {
        // The owner is greeted by their own name, in their own language, not as the inviter typed them.
        const [account] = await tx
          .select({ firstName: users.firstName, language: users.language })
          .from(users)
          .where(eq(users.email, invitee.email));
        owners.push({ ...mail, ...account });
      }
    }
  });
  for (const mail of mails) await sendInvitationMail(ctx, { actor, mail });
  for (const mail of owners) await sendAlreadyRegisteredMail(ctx, { actor, mail });
  return rows.length;
}

/** Whether the owner of an address was already told of an invitation to it in the last 24 hours. */
async function toldToday(tx: Tx, email: string): Promise<boolean> {
  const [told] = await tx
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.action, 'USER_INVITED_EXISTING'),
        eq(auditLogs.targetUser, email),
        gt(auditLogs.createdAt, new Date(Date.now() - 86_400_000)),
      ),
    )
    .limit(1);
  return told !== undefined;
}

/** Whom a mail about an invitation goes to, and what it names. */
type Invitee = Omit<InvitationMail, 'token'>;

/** One invitation mail to send after commit. */
export interface InvitationMail {
  to: string;
  token: string;
  firstName: string;
  /** The invitee's language: chosen in the dialog, else the inviter's. */
  language: string;
  role: Role;
  countryId: number | null;
}

/**
 * Refuses (429 INVITATIONS_LIMIT) an inviter who would send more than INVITATIONS_PER_DAY invitations in 24 hours.
 * Invitations and resends both count, cancelled ones too, and invitations of addresses that had an account. The
 * inviter's row is locked, so parallel calls add up.
 */
export async function assertInvitationQuota(ctx: AppContext, tx: Tx, actor: Actor, adding: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
  const since = new Date(Date.now() - 86_400_000);
  const { invited } = only(
    await tx
      .select({ invited: count() })
      .from(invitations)
      .where(and(eq(invitations.invitedBy, actor.id), gt(invitations.createdAt, since))),
  );
  // Addresses that had an account count too, so the quota says nothing of which addresses had one.
  const { existing } = only(
    await tx
      .select({ existing: count() })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, 'USER_INVITED_EXISTING'),
          eq(auditLogs.logUser, actor.email),
          gt(auditLogs.createdAt, since),
        ),
      ),
  );
  const sent = invited + existing;
  if (sent + adding > ctx.config.invitationsPerDay) {
    const left = Math.max(0, ctx.config.invitationsPerDay - sent);
    throw refusal('INVITATIONS_LIMIT', `(${left} left of ${ctx.config.invitationsPerDay} in 24 hours)`);
  }
}

/** Stores a new invitation for a PENDING account and returns its token (only its hash is kept). */
export async function issueInvitation(tx: Tx, { userId, invitedBy }: { userId: string; invitedBy: string }) {
  const token = randomToken();
  await tx.insert(invitations).values({
    userId,
    invitedBy,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
  });
  return token;
}

/** Who invites and for which country, named in the mail's language. */
async function invitationFacts(ctx: AppContext, actor: Actor, mail: Invitee) {
  const [inviter] = await ctx.db
    .select({ ...nameColumns(users), titlePrefix: users.titlePrefix })
    .from(users)
    .where(eq(users.id, actor.id));
  const [country] =
    mail.countryId !== null ? await ctx.db.select().from(countries).where(eq(countries.id, mail.countryId)) : [];
  const lang = mailLanguage(mail.language);
  return {
    lang,
    name: mail.firstName,
    inviterName: inviter ? titledName(lang, inviter) : actor.email,
    inviterEmail: actor.email,
    role: mail.role,
    countryName: country ? { en: country.name, fr: country.nameFr, ar: country.nameAr }[lang] : null,
  };
}

/** Mails an invitation: who invites, as what role, for which country (named in the mail's language), and the link. */
export async function sendInvitationMail(ctx: AppContext, { actor, mail }: { actor: Actor; mail: InvitationMail }) {
  const { lang, ...facts } = await invitationFacts(ctx, actor, mail);
  const link = `${ctx.config.publicUrl.replace(/\/$/, '')}/register?token=${encodeURIComponent(mail.token)}`;
  await ctx.mailer.send({ to: mail.to, ...invitationMail(lang, { ...facts, link, days: INVITATION_DAYS }) });
}

/** Tells the owner of an address that someone invited it: they already have an account, nothing changed. */
async function sendAlreadyRegisteredMail(ctx: AppContext, { actor, mail }: { actor: Actor; mail: Invitee }) {
  const { lang, ...facts } = await invitationFacts(ctx, actor, mail);
  const link = `${ctx.config.publicUrl.replace(/\/$/, '')}/login`;
  await ctx.mailer.send({ to: mail.to, ...alreadyRegisteredMail(lang, { ...facts, link }) });
}

/** Users a chief negotiator manages (his country's focal points); the secretariat sees every country user. */
export async function listFocalUsers(ctx: AppContext, { actor }: { actor: Actor }): Promise<FocalUser[]> {
  const where = isStaff(actor.role)
    ? inArray(users.role, [...COUNTRY_WRITER_ROLES])
    : and(eq(users.role, 'SERVICE_FOCAL_POINT'), eq(users.countryId, actor.countryId ?? -1));
  const rows = await ctx.db
    .select({ user: users, countryName: countries.name, countryCode: countries.code })
    .from(users)
    .leftJoin(countries, eq(countries.id, users.countryId))
    .where(where)
    .orderBy(asc(users.lastName), asc(users.firstName));
  return rows.map(({ user, countryName, countryCode }) => ({
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    countryName,
    countryCode,
    titlePrefix: user.titlePrefix,
    language: user.language,
    title: user.title,
    phoneNumber: user.phoneNumber,
    whatsappNumber: user.whatsappNumber,
    userRole: user.role,
    status: user.status,
  }));
}

async function openInvitation(ctx: AppContext, token: string) {
  const [row] = await ctx.db
    .select({ invitation: invitations, user: users, countryName: countries.name })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .leftJoin(countries, eq(countries.id, users.countryId))
    .where(
      and(
        eq(invitations.tokenHash, hashToken(token)),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    );
  if (!row || row.user.status !== 'PENDING') throw invalidInvitation();
  return row;
}

/** Who an invitation link is for (the /register screen). */
export async function describeInvitation(ctx: AppContext, { token }: { token: string }) {
  const { user, countryName } = await openInvitation(ctx, token);
  return {
    titlePrefix: user.titlePrefix,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    countryName,
  };
}

/** Accepts an invitation: the invitee's password is set and the account becomes active. */
export async function acceptInvitation(
  ctx: AppContext,
  {
    token,
    password,
    phoneNumber,
    meta,
  }: { token: string; password: string; phoneNumber?: string | null; meta: RequestMeta },
) {
  const { invitation, user } = await openInvitation(ctx, token);
  await assertStrongPassword(ctx, password, user);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const used = await tx
      .update(invitations)
      .set({ usedAt: new Date() })
      .where(and(eq(invitations.id, invitation.id), isNull(invitations.usedAt)))
      .returning({ id: invitations.id });
    if (used.length === 0) throw refusal('INVITATION_INVALID');
    await tx
      .update(users)
      .set({ passwordHash, status: 'ACTIVE', ...(phoneNumber ? { phoneNumber } : {}), updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await writeAudit(tx, { action: 'USER_REGISTERED', logUser: user.email, meta });
  });
}
