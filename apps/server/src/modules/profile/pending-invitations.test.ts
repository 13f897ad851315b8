import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERROR_CATALOGUE, PROFILE_MESSAGES } from '@portal/shared';
import { decodedMail, mailsTo, startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { signIn, userWithToken } from '../../../test/factories.js';
import { must } from '../../../test/must.js';
import { auditLogs, invitations, users } from '../../db/schema/index.js';
import { only } from '../../lib/only.js';

/** Resending and cancelling pending invitations. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ INVITATIONS_PER_DAY: '6' });
});
afterAll(() => t.close());

type Signed = Awaited<ReturnType<typeof userWithToken>>;
const PASSWORD = 'Chosen#2026pass';
const unique = () => Math.random().toString(36).slice(2, 10);

/** Invites one person over the API and returns their account id, address and the mailed link's token. */
async function invite(inviter: Signed, over: { userRole?: string; countryCode?: string } = {}) {
  const email = `invitee.${unique()}@example.org`;
  const res = await call(t, 'POST', '/profile/invite', {
    token: inviter.token,
    body: [
      { titlePrefix: 'Ms', firstName: 'Wanjiru', lastName: 'Kamau', userRole: 'SERVICE_FOCAL_POINT', email, ...over },
    ],
  });
  expect(res.status).toBe(200);
  const row = only(await t.ctx.db.select().from(users).where(eq(users.email, email)));
  return { id: row.id, email, token: linkToken(email) };
}

/** The token of the newest invitation link mailed to an address. */
function linkToken(email: string) {
  const mail = decodedMail(must(mailsTo(t, email).at(-1), `a mail to ${email}`));
  return decodeURIComponent(must(/register\?token=(\S+)/.exec(mail)?.[1], 'an invitation link'));
}

const register = (token: string) =>
  call(t, 'POST', '/profile/register', { body: { token, password: PASSWORD, confirmPassword: PASSWORD } });
const resend = (who: Signed | null, id: string) =>
  call(t, 'POST', `/profile/invitations/${id}/resend`, who ? { token: who.token } : {});
const cancel = (who: Signed | null, id: string) =>
  call(t, 'DELETE', `/profile/invitations/${id}`, who ? { token: who.token } : {});
const trail = async (action: string, email: string) =>
  (await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.targetUser, email))).filter((r) => r.action === action);

describe('POST /profile/invitations/:userId/resend', () => {
  it('requires authentication and refuses other roles', async () => {
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const pending = await invite(chief);
    expect((await resend(null, pending.id)).status).toBe(401);
    for (const role of ['SERVICE_FOCAL_POINT', 'REGIONAL_ADVISOR'] as const) {
      const other = await userWithToken(t, { role, country: 'KE' });
      expect((await resend(other, pending.id)).status, role).toBe(403);
    }
    expect(mailsTo(t, pending.email)).toHaveLength(1);
  });

  it('mails a new link; the old one no longer registers, the new one does', async () => {
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const pending = await invite(chief);
    const res = await resend(chief, pending.id);
    expect(res).toMatchObject({ status: 200, body: { message: PROFILE_MESSAGES.invitationResent } });
    expect(mailsTo(t, pending.email)).toHaveLength(2);
    const fresh = linkToken(pending.email);
    expect(fresh).not.toBe(pending.token);
    expect(await register(pending.token)).toMatchObject({
      status: 404,
      body: { code: 'INVITATION_INVALID', message: PROFILE_MESSAGES.invitationInvalid },
    });
    expect((await register(fresh)).status).toBe(200);
    await expect(signIn(t, { email: pending.email, password: PASSWORD })).resolves.toHaveProperty('access_token');
    expect(await trail('INVITATION_RESENT', pending.email)).toEqual([
      expect.objectContaining({
        logUser: chief.email,
        value: expect.objectContaining({ role: 'SERVICE_FOCAL_POINT' }),
      }),
    ]);
  });

  it("lets only whoever may invite that role and country: not another country's chief negotiator", async () => {
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const pending = await invite(chief);
    const ghana = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' });
    expect(await resend(ghana, pending.id)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await cancel(ghana, pending.id)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    // The secretariat invites chief negotiators of any country; a chief negotiator cannot touch those invitations.
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const chiefInvitee = await invite(staff, { userRole: 'CHIEF_NEGOTIATOR', countryCode: 'KE' });
    expect((await resend(chief, chiefInvitee.id)).status).toBe(404);
    expect((await resend(staff, pending.id)).status).toBe(200);
    expect(mailsTo(t, chiefInvitee.email)).toHaveLength(1);
    expect((await register(pending.token)).status).toBe(404);
  });

  it('answers 409 for an accepted invitation and 404 for an unknown account', async () => {
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const pending = await invite(chief);
    expect((await register(pending.token)).status).toBe(200);
    for (const answer of [await resend(chief, pending.id), await cancel(chief, pending.id)]) {
      expect(answer).toMatchObject({
        status: 409,
        body: { code: 'INVITATION_NOT_PENDING', message: ERROR_CATALOGUE.INVITATION_NOT_PENDING.message },
      });
    }
    expect(mailsTo(t, pending.email)).toHaveLength(1);
    const still = only(await t.ctx.db.select().from(users).where(eq(users.id, pending.id)));
    expect(still.status).toBe('ACTIVE');
    expect((await resend(chief, '00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await resend(chief, 'not-a-uuid')).status).toBe(404);
  });

  it('counts resends with invitations towards INVITATIONS_PER_DAY', async () => {
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const pending = await invite(chief);
    for (let i = 0; i < 5; i++) expect((await resend(chief, pending.id)).status).toBe(200);
    const over = await resend(chief, pending.id);
    expect(over).toMatchObject({ status: 429, body: { code: 'INVITATIONS_LIMIT' } });
    expect(mailsTo(t, pending.email)).toHaveLength(6);
    // The refused resend changed nothing: the last link still works.
    expect((await register(linkToken(pending.email))).status).toBe(200);
  });
});

describe('DELETE /profile/invitations/:userId', () => {
  it('requires authentication and refuses other roles', async () => {
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const pending = await invite(chief);
    expect((await cancel(null, pending.id)).status).toBe(401);
    const focal = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'KE' });
    expect((await cancel(focal, pending.id)).status).toBe(403);
    expect((await t.ctx.db.select().from(users).where(eq(users.id, pending.id))).length).toBe(1);
  });

  it('ends the link and frees the address, which can be invited again', async () => {
    const staff = await userWithToken(t, { role: 'ADMIN' });
    const pending = await invite(staff, { userRole: 'CHIEF_NEGOTIATOR', countryCode: 'GH' });
    expect(await cancel(staff, pending.id)).toMatchObject({
      status: 200,
      body: { message: PROFILE_MESSAGES.invitationCancelled },
    });
    expect(await register(pending.token)).toMatchObject({ status: 404, body: { code: 'INVITATION_INVALID' } });
    expect((await call(t, 'GET', `/profile/invitation?token=${encodeURIComponent(pending.token)}`)).status).toBe(404);
    expect((await cancel(staff, pending.id)).status).toBe(404);
    expect(await trail('INVITATION_CANCELLED', pending.email)).toEqual([
      expect.objectContaining({ logUser: staff.email }),
    ]);
    // The cancelled invitation still counts towards its inviter's day.
    expect((await t.ctx.db.select().from(invitations).where(eq(invitations.invitedBy, staff.id))).length).toBe(1);

    const again = await call(t, 'POST', '/profile/invite', {
      token: staff.token,
      body: [
        {
          titlePrefix: 'Mr',
          firstName: 'Kofi',
          lastName: 'Mensah',
          userRole: 'CHIEF_NEGOTIATOR',
          email: pending.email,
          countryCode: 'GH',
        },
      ],
    });
    expect(again.status).toBe(200);
    expect((await register(linkToken(pending.email))).status).toBe(200);
  });
});

describe('the invitation mail', () => {
  it("names who invites, the role and the country, in the invitee's language", async () => {
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN', language: 'fr' });
    const pending = await invite(chief);
    const mail = decodedMail(mailsTo(t, pending.email).at(-1)!);
    expect(mail).toContain(`Test CHIEF_NEGOTIATOR (${chief.email})`);
    expect(mail).toContain('en tant que Point focal des services pour : Sénégal');
    // A resend by the secretariat keeps the invitee's language and names the one who sends it.
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION', language: 'en' });
    expect((await resend(staff, pending.id)).status).toBe(200);
    const again = decodedMail(mailsTo(t, pending.email).at(-1)!);
    expect(again).toContain(`(${staff.email})`);
    expect(again).toContain('Point focal des services pour : Sénégal');
  });

  it('reads in English for an English-speaking inviter', async () => {
    const staff = await userWithToken(t, { role: 'ADMIN', language: 'en' });
    const pending = await invite(staff, { userRole: 'CHIEF_NEGOTIATOR', countryCode: 'KE' });
    const mail = decodedMail(mailsTo(t, pending.email).at(-1)!);
    expect(mail).toContain(`(${staff.email}) has invited you`);
    expect(mail).toContain('as Chief Negotiator for Kenya');
  });
});
