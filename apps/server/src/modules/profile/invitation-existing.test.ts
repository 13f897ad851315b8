/** Inviting an address that already has an account tells the inviter nothing about it; its owner is mailed instead. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { decodedMail, mailsTo, startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { buildUser, userWithToken } from '../../../test/factories.js';
import { auditLogs, invitations, users } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://portal.example.org/' });
});
afterAll(() => t.close());

const invitee = (email: string) => ({
  titlePrefix: 'Ms',
  firstName: 'Awa',
  lastName: 'Diallo',
  userRole: 'CHIEF_NEGOTIATOR',
  email,
  countryCode: 'SN',
});

describe('POST /profile/invite with an address that has an account', () => {
  it('answers as for a new address, changes nothing of the account and mails its owner in their language', async () => {
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION', language: 'en' });
    const owner = await buildUser(t, { role: 'SERVICE_FOCAL_POINT', language: 'fr' });
    const before = (await t.ctx.db.select().from(users).where(eq(users.email, owner.email)))[0]!;
    const fresh = `fresh.${Date.now()}@example.org`;

    const res = await call(t, 'POST', '/profile/invite', {
      token: staff.token,
      body: [invitee(owner.email), invitee(fresh)],
    });
    const alone = await call(t, 'POST', '/profile/invite', {
      token: staff.token,
      body: [invitee(`other.${Date.now()}@example.org`)],
    });
    expect(res).toMatchObject({ status: 200, body: { payload: { invited: 2 } } });
    expect(alone).toMatchObject({ status: 200, body: { payload: { invited: 1 } } });
    expect(JSON.stringify(res.body)).not.toContain(owner.email);

    const after = (await t.ctx.db.select().from(users).where(eq(users.email, owner.email)))[0]!;
    expect(after).toEqual(before);
    expect(await t.ctx.db.select().from(invitations).where(eq(invitations.userId, before.id))).toEqual([]);

    const [mail] = mailsTo(t, owner.email);
    const text = decodedMail(mail!);
    expect(text).toContain('Test');
    expect(text).not.toContain('Awa');
    expect(text).toContain("a tenté d'inviter cette adresse");
    expect(text).toContain(staff.email);
    expect(text).toContain('https://portal.example.org/login');
    expect(text).not.toContain('/register?token=');
    expect(decodedMail(mailsTo(t, fresh)[0]!)).toContain('/register?token=');
  });

  it('mails the owner at most once a day; the audit trail records every attempt', async () => {
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const owner = await buildUser(t, { role: 'CHIEF_NEGOTIATOR' });
    for (let i = 0; i < 3; i++) {
      const res = await call(t, 'POST', '/profile/invite', { token: staff.token, body: [invitee(owner.email)] });
      expect(res).toMatchObject({ status: 200, body: { payload: { invited: 1 } } });
    }
    expect(mailsTo(t, owner.email)).toHaveLength(1);
    const told = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'USER_INVITED_EXISTING'), eq(auditLogs.targetUser, owner.email)));
    expect(told).toHaveLength(3);
    for (const row of told) expect(row).toMatchObject({ logUser: staff.email });
  });

  it('counts the address against the inviter’s daily quota like any other', async () => {
    const small = await startTestApp({ INVITATIONS_PER_DAY: '2' });
    try {
      const staff = await userWithToken(small, { role: 'AFRICAN_UNION' });
      const owner = await buildUser(small, { role: 'CHIEF_NEGOTIATOR' });
      const first = await call(small, 'POST', '/profile/invite', {
        token: staff.token,
        body: [invitee(owner.email), invitee(`q1.${Date.now()}@example.org`)],
      });
      expect(first.status).toBe(200);
      const over = await call(small, 'POST', '/profile/invite', {
        token: staff.token,
        body: [invitee(`q2.${Date.now()}@example.org`)],
      });
      expect(over).toMatchObject({ status: 429, body: { code: 'INVITATIONS_LIMIT' } });
    } finally {
      await small.close();
    }
  });
});
