import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, PROFILE_MESSAGES } from '@portal/shared';
import { startTestApp, mailsTo, type TestApp } from '../../../test/harness.js';
import { call, tokenRequest } from '../../../test/http.js';
import { TEST_PASSWORD, buildUser, signIn, userWithToken } from '../../../test/factories.js';
import { users } from '../../db/schema/index.js';
import { only } from '../../lib/only.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A new email address needs the current password (the factories' users have TEST_PASSWORD). */
const profileBody = (over: object = {}) => ({
  firstName: 'Grace',
  lastName: 'Wanjiku',
  email: `grace.${Math.random().toString(36).slice(2)}@example.org`,
  oldPassword: TEST_PASSWORD,
  titlePrefix: 'Dr',
  ...over,
});

describe('PUT /profile', () => {
  it('requires authentication', async () => {
    expect((await call(t, 'PUT', '/profile', { body: profileBody() })).status).toBe(401);
  });

  it("updates one's own details and answers profile_updated", async () => {
    const me = await userWithToken(t);
    const body = profileBody({ phoneNumber: '+254 700 000000', language: 'fr' });
    const res = await call(t, 'PUT', '/profile', { token: me.token, body });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(PROFILE_MESSAGES.profileUpdated);
    expect(res.body.payload).toMatchObject({
      firstName: 'Grace',
      email: body.email,
      phoneNumber: '+254 700 000000',
      language: 'fr',
      titlePrefix: 'Dr',
    });
  });

  it('refuses an invalid email, mismatched or weak passwords, and a taken email, changing nothing', async () => {
    const me = await userWithToken(t);
    const other = await buildUser(t);
    const cases: [object, number, string][] = [
      [profileBody({ email: 'not-an-email' }), 400, PROFILE_MESSAGES.invalidEmail],
      [
        profileBody({ password: 'Strong#2026pass', confirmPassword: 'Other#2026pass' }),
        400,
        PROFILE_MESSAGES.passwordsShouldMatch,
      ],
      [profileBody({ password: 'weak', confirmPassword: 'weak' }), 400, PROFILE_MESSAGES.weakPassword],
      [profileBody({ email: other.email }), 409, PROFILE_MESSAGES.emailTaken],
      [profileBody({ firstName: '' }), 400, 'required'],
    ];
    for (const [body, status, message] of cases) {
      const res = await call(t, 'PUT', '/profile', { token: me.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.message).toContain(message);
    }
    const row = only(await t.ctx.db.select().from(users).where(eq(users.id, me.id)));
    expect(row.email).toBe(me.email);
  });

  it("changes the sign-in email only with the current password, refused with the spec's wrong-password text", async () => {
    const me = await userWithToken(t);
    const newEmail = `grace.${Math.random().toString(36).slice(2)}@example.org`;
    for (const oldPassword of [undefined, '', 'Wrong#2026pass']) {
      const res = await call(t, 'PUT', '/profile', {
        token: me.token,
        body: profileBody({ email: newEmail, oldPassword }),
      });
      expect(res).toMatchObject({ status: 400, body: { message: MESSAGES.invalidCurrentPassword } });
    }
    const unchanged = only(await t.ctx.db.select().from(users).where(eq(users.id, me.id)));
    expect(unchanged.email).toBe(me.email);
    expect(unchanged.firstName).toBe('Test');
    // Sign-in codes still go to the old address.
    await expect(signIn(t, { email: me.email, password: me.password })).resolves.toHaveProperty('access_token');

    const res = await call(t, 'PUT', '/profile', {
      token: me.token,
      body: profileBody({ email: newEmail, oldPassword: me.password }),
    });
    expect(res.status).toBe(200);
    expect(res.body.payload.email).toBe(newEmail);
  });

  it('takes other details without the password when the email stays (whatever its case)', async () => {
    const me = await userWithToken(t);
    const res = await call(t, 'PUT', '/profile', {
      token: me.token,
      body: profileBody({ email: me.email.toUpperCase(), oldPassword: undefined, lastName: 'Otieno' }),
    });
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({ email: me.email, lastName: 'Otieno' });
  });

  it('changes the password from password management', async () => {
    const me = await userWithToken(t);
    const body = profileBody({ email: me.email, password: 'Fresh#2026pass', confirmPassword: 'Fresh#2026pass' });
    const res = await call(t, 'PUT', '/profile', { token: me.token, body });
    expect(res.body.message).toBe(PROFILE_MESSAGES.passwordUpdated);
    await expect(signIn(t, { email: me.email, password: 'Fresh#2026pass' })).resolves.toHaveProperty('access_token');
  });

  it('sets a password only with the current one, so a session alone cannot then change the email with it', async () => {
    const me = await userWithToken(t);
    const pair = { password: 'Taken#2026pass', confirmPassword: 'Taken#2026pass' };
    for (const oldPassword of [undefined, '', 'Wrong#2026pass']) {
      const res = await call(t, 'PUT', '/profile', {
        token: me.token,
        body: profileBody({ email: me.email, oldPassword, ...pair }),
      });
      expect(res).toMatchObject({ status: 400, body: { message: MESSAGES.invalidCurrentPassword } });
    }
    // The attack: the password was not set, so it cannot be given as the current one for a new email.
    const grab = await call(t, 'PUT', '/profile', {
      token: me.token,
      body: profileBody({ oldPassword: pair.password }),
    });
    expect(grab).toMatchObject({ status: 400, body: { message: MESSAGES.invalidCurrentPassword } });
    const row = only(await t.ctx.db.select().from(users).where(eq(users.id, me.id)));
    expect(row.email).toBe(me.email);
    await expect(signIn(t, { email: me.email, password: me.password })).resolves.toHaveProperty('access_token');
  });

  it('ends the other sessions when it sets a password, keeping this one', async () => {
    const me = await userWithToken(t);
    const elsewhere = await signIn(t, me);
    const body = profileBody({ email: me.email, password: 'Fresh#2026pass', confirmPassword: 'Fresh#2026pass' });
    expect((await call(t, 'PUT', '/profile', { token: me.token, body })).status).toBe(200);
    expect((await call(t, 'GET', '/profile/current', { token: me.token })).status).toBe(200);
    expect((await call(t, 'GET', '/profile/current', { token: elsewhere.access_token })).status).toBe(401);
    expect(
      (await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: elsewhere.refresh_token })).status,
    ).toBe(400);
    expect(
      (await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: me.tokens.refresh_token })).status,
    ).toBe(200);
  });

  it('signs the session out after CURRENT_PASSWORD_MAX_FAILURES wrong current passwords; the owner may sign in again', async () => {
    const me = await userWithToken(t);
    const wrong = profileBody({ oldPassword: 'Wrong#2026pass' });
    const max = t.config.signIn.currentPasswordMaxFailures;
    const statuses = [];
    for (let i = 0; i < max; i++)
      statuses.push((await call(t, 'PUT', '/profile', { token: me.token, body: wrong })).status);
    expect(statuses).toEqual([...Array(max - 1).fill(400), 401]);
    // The guessing session is over: its token and its refresh token no longer work.
    expect((await call(t, 'GET', '/profile/current', { token: me.token })).status).toBe(401);
    expect(
      (await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: me.tokens.refresh_token })).status,
    ).toBe(400);
    // The account itself is not locked: its owner signs in with the password.
    expect((await tokenRequest(t, { grant_type: 'mfa', username: me.email, password: me.password })).status).toBe(200);
  });
});

describe('POST /profile/reset', () => {
  it("refuses a wrong current password with the spec's text", async () => {
    const me = await userWithToken(t);
    const res = await call(t, 'POST', '/profile/reset', {
      token: me.token,
      body: { oldPassword: 'Wrong#2026pass', newPassword: 'Fresh#2026pass', confirmPassword: 'Fresh#2026pass' },
    });
    expect(res).toMatchObject({ status: 400, body: { message: MESSAGES.invalidCurrentPassword } });
  });

  it('signs the session out after too many wrong current passwords, and changes nothing', async () => {
    const me = await userWithToken(t);
    const body = { oldPassword: 'Wrong#2026pass', newPassword: 'Fresh#2026pass', confirmPassword: 'Fresh#2026pass' };
    const max = t.config.signIn.currentPasswordMaxFailures;
    const statuses = [];
    for (let i = 0; i < max; i++)
      statuses.push((await call(t, 'POST', '/profile/reset', { token: me.token, body })).status);
    expect(statuses).toEqual([...Array(max - 1).fill(400), 401]);
    expect(
      (await call(t, 'POST', '/profile/reset', { token: me.token, body: { ...body, oldPassword: me.password } }))
        .status,
    ).toBe(401);
    // The password was not changed: the old one still signs in.
    expect((await tokenRequest(t, { grant_type: 'mfa', username: me.email, password: me.password })).status).toBe(200);
  });

  it('requires the three fields and the five rules', async () => {
    const me = await userWithToken(t);
    expect((await call(t, 'POST', '/profile/reset', { token: me.token, body: {} })).body.message).toContain(
      'Please input Password',
    );
    const weak = await call(t, 'POST', '/profile/reset', {
      token: me.token,
      body: { oldPassword: me.password, newPassword: 'abc', confirmPassword: 'abc' },
    });
    expect(weak.body.message).toContain(PROFILE_MESSAGES.weakPassword);
    const mismatch = await call(t, 'POST', '/profile/reset', {
      token: me.token,
      body: { oldPassword: me.password, newPassword: 'Fresh#2026pass', confirmPassword: 'Fresh#2026pas' },
    });
    expect(mismatch.body.message).toContain('Passwords should match');
  });

  it('changes the password and signs the user out everywhere', async () => {
    const me = await userWithToken(t);
    const elsewhere = await signIn(t, me);
    const res = await call(t, 'POST', '/profile/reset', {
      token: me.token,
      body: { oldPassword: me.password, newPassword: 'Fresh#2026pass', confirmPassword: 'Fresh#2026pass' },
    });
    expect(res).toMatchObject({ status: 200, body: { message: 'Your password has been changed successfully.' } });
    expect((await call(t, 'GET', '/profile/current', { token: me.token })).status).toBe(401);
    expect((await call(t, 'GET', '/profile/current', { token: elsewhere.access_token })).status).toBe(401);
    expect((await tokenRequest(t, { grant_type: 'mfa', username: me.email, password: me.password })).status).toBe(400);
    await expect(signIn(t, { email: me.email, password: 'Fresh#2026pass' })).resolves.toHaveProperty('access_token');
  });
});

describe('invitations', () => {
  const invitee = (over: object = {}) => ({
    titlePrefix: 'Ms',
    firstName: 'Njeri',
    lastName: 'Mwangi',
    userRole: 'SERVICE_FOCAL_POINT',
    email: `njeri.${Math.random().toString(36).slice(2)}@example.org`,
    ...over,
  });

  it('refuses other roles', async () => {
    const focal = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT' });
    expect((await call(t, 'POST', '/profile/invite', { token: focal.token, body: [invitee()] })).status).toBe(403);
  });

  it("validates every row with the spec's messages", async () => {
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    expect((await call(t, 'POST', '/profile/invite', { token: chief.token, body: [] })).body.message).toContain(
      PROFILE_MESSAGES.atLeastOneUser,
    );
    expect(
      (await call(t, 'POST', '/profile/invite', { token: chief.token, body: [invitee({ email: 'nope' })] })).body
        .message,
    ).toContain(PROFILE_MESSAGES.invalidInviteEmail);
    expect(
      (await call(t, 'POST', '/profile/invite', { token: chief.token, body: [invitee({ titlePrefix: 'Sir' })] })).body
        .message,
    ).toContain('required');
    expect(
      (await call(t, 'POST', '/profile/invite', { token: chief.token, body: [invitee({ lastName: ' ' })] })).body
        .message,
    ).toContain('required');
  });

  it('lets a chief negotiator invite only focal points, always of his own country', async () => {
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const refused = await call(t, 'POST', '/profile/invite', {
      token: chief.token,
      body: [invitee({ userRole: 'CHIEF_NEGOTIATOR' })],
    });
    expect(refused).toMatchObject({ status: 403, body: { message: PROFILE_MESSAGES.roleNotInvitable } });
    const row = invitee({ countryCode: 'SN' });
    const res = await call(t, 'POST', '/profile/invite', { token: chief.token, body: [row] });
    expect(res).toMatchObject({
      status: 200,
      body: { message: PROFILE_MESSAGES.usersInvited, payload: { invited: 1 } },
    });
    const focal = (await call(t, 'GET', '/profile/focal', { token: chief.token })).body.payload;
    expect(focal).toContainEqual(
      expect.objectContaining({
        email: row.email,
        countryCode: 'KE',
        status: 'PENDING',
        userRole: 'SERVICE_FOCAL_POINT',
      }),
    );
  });

  it('lets the secretariat invite for any country, which is then required', async () => {
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    expect(
      (
        await call(t, 'POST', '/profile/invite', {
          token: staff.token,
          body: [invitee({ userRole: 'CHIEF_NEGOTIATOR' })],
        })
      ).body.message,
    ).toBe(PROFILE_MESSAGES.countryRequired);
    const row = invitee({ userRole: 'CHIEF_NEGOTIATOR', countryCode: 'gh' });
    expect((await call(t, 'POST', '/profile/invite', { token: staff.token, body: [row] })).status).toBe(200);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, row.email));
    expect(user).toMatchObject({ role: 'CHIEF_NEGOTIATOR', status: 'PENDING' });
    // Invited again: the same answer as a new address, and the pending account is left as it was.
    expect(
      (await call(t, 'POST', '/profile/invite', { token: staff.token, body: [{ ...row, firstName: 'Again' }] })).status,
    ).toBe(200);
    expect((await t.ctx.db.select().from(users).where(eq(users.email, row.email)))[0]).toEqual(user);
  });

  it('mails a link with which the invitee chooses a password, once, then signs in', async () => {
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const row = invitee();
    await call(t, 'POST', '/profile/invite', { token: chief.token, body: [row] });
    expect(
      (await tokenRequest(t, { grant_type: 'mfa', username: row.email, password: 'Chosen#2026pass' })).status,
    ).toBe(400);
    const mail = mailsTo(t, row.email).at(-1)!;
    const token = decodeURIComponent(
      mail
        .replace(/=\r?\n/g, '')
        .match(/register\?token=3D([^\s]+)|register\?token=([^\s]+)/)!
        .slice(1)
        .find(Boolean)!,
    );
    const who = await call(t, 'GET', `/profile/invitation?token=${encodeURIComponent(token)}`);
    expect(who.body.payload).toMatchObject({ email: row.email, role: 'SERVICE_FOCAL_POINT', countryName: 'Kenya' });
    const weak = await call(t, 'POST', '/profile/register', {
      body: { token, password: 'weak', confirmPassword: 'weak' },
    });
    expect(weak.status).toBe(400);
    const ok = await call(t, 'POST', '/profile/register', {
      body: { token, password: 'Chosen#2026pass', confirmPassword: 'Chosen#2026pass' },
    });
    expect(ok).toMatchObject({ status: 200, body: { message: PROFILE_MESSAGES.registered } });
    expect(
      (
        await call(t, 'POST', '/profile/register', {
          body: { token, password: 'Other#2026pass', confirmPassword: 'Other#2026pass' },
        })
      ).status,
    ).toBe(404);
    await expect(signIn(t, { email: row.email, password: 'Chosen#2026pass' })).resolves.toHaveProperty('access_token');
  });

  it('answers an unknown invitation token with 404', async () => {
    expect(await call(t, 'GET', '/profile/invitation?token=made-up-token-123')).toMatchObject({
      status: 404,
      body: { message: PROFILE_MESSAGES.invitationInvalid },
    });
  });
});

describe('GET /profile/check/offer/access', () => {
  it('tells who may create and submit an offer', async () => {
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'NG' });
    const focal = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'NG' });
    const advisor = await userWithToken(t, { role: 'REGIONAL_ADVISOR' });
    expect((await call(t, 'GET', '/profile/check/offer/access', { token: chief.token })).body.payload).toEqual({
      canCreateOffer: true,
      canSubmitOffer: true,
      offerId: null,
    });
    expect((await call(t, 'GET', '/profile/check/offer/access', { token: focal.token })).body.payload).toMatchObject({
      canSubmitOffer: false,
    });
    expect((await call(t, 'GET', '/profile/check/offer/access', { token: advisor.token })).body.payload).toMatchObject({
      canCreateOffer: false,
    });
  });
});
