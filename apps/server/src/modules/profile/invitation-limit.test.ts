import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@portal/shared';
import { mailsTo, startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';

/** Not a mail cannon: invitations are limited per inviter and per 24 hours (INVITATIONS_PER_DAY). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ INVITATIONS_PER_DAY: '5' });
});
afterAll(() => t.close());

const invitee = () => ({
  titlePrefix: 'Ms',
  firstName: 'Njeri',
  lastName: 'Mwangi',
  userRole: 'SERVICE_FOCAL_POINT',
  email: `njeri.${Math.random().toString(36).slice(2)}@example.org`,
});

describe('POST /profile/invite per inviter and day', () => {
  it('sends up to the limit, then answers 429 with a code and mails nobody', async () => {
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const first = await call(t, 'POST', '/profile/invite', {
      token: chief.token,
      body: [invitee(), invitee(), invitee()],
    });
    expect(first).toMatchObject({ status: 200, body: { payload: { invited: 3 } } });
    const over = [invitee(), invitee(), invitee()];
    const refused = await call(t, 'POST', '/profile/invite', { token: chief.token, body: over });
    expect(refused).toMatchObject({ status: 429, body: { code: 'INVITATIONS_LIMIT' } });
    expect(refused.body.message).toContain(ERROR_CATALOGUE.INVITATIONS_LIMIT.message);
    expect(refused.body.message).toContain('2 left of 5');
    for (const row of over) expect(mailsTo(t, row.email)).toEqual([]);
    const rest = await call(t, 'POST', '/profile/invite', { token: chief.token, body: [invitee(), invitee()] });
    expect(rest.status).toBe(200);
    expect((await call(t, 'POST', '/profile/invite', { token: chief.token, body: [invitee()] })).status).toBe(429);
  });

  it('counts each inviter apart, and parallel requests add up', async () => {
    const staff = await userWithToken(t, { role: 'ADMIN' });
    const rows = () => [{ ...invitee(), userRole: 'CHIEF_NEGOTIATOR', countryCode: 'GH' }];
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call(t, 'POST', '/profile/invite', { token: staff.token, body: rows() })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(3);
  });
});
