import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { solvedCaptcha } from './captcha.js';
import { BACKOFFICE_MESSAGES, HOME_DEFAULT_COLOURS } from '@portal/shared';
import { startTestApp, mailsTo, type TestApp } from './harness.js';
import { call, tokenRequest } from './http.js';
import { newRoom, signIn, userWithToken } from './factories.js';
import { buildOfferDocument } from './offer-factory.js';
import { auditLogs } from '../src/db/schema/index.js';

let t: TestApp;
type Signed = Awaited<ReturnType<typeof userWithToken>>;
let staff: Signed;
beforeAll(async () => {
  t = await startTestApp();
  staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
});
afterAll(() => t.close());

describe('audit logs', () => {
  it('lists the trail newest first, filtered by action and user, for the secretariat only', async () => {
    const focal = await userWithToken(t);
    expect((await call(t, 'GET', '/account-ms/logs/geo', { token: focal.token })).status).toBe(403);
    const res = await call(t, 'GET', `/account-ms/logs/geo?action=LOGIN&user=${encodeURIComponent(focal.email)}`, {
      token: staff.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({ total: 1, page: 1, size: 20 });
    expect(res.body.payload.items[0]).toMatchObject({ action: 'LOGIN', logUser: focal.email, geolocation: 'local' });
    const all = (await call(t, 'GET', '/account-ms/logs/geo?size=5', { token: staff.token })).body.payload;
    expect(all.items.length).toBeLessThanOrEqual(5);
    const times = all.items.map((i: { createdAt: string }) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await call(t, 'GET', '/account-ms/logs/geo?user=%25', { token: staff.token })).body.payload.total).toBe(0);
    expect((await call(t, 'GET', '/account-ms/logs/geo?size=10000', { token: staff.token })).status).toBe(400);
  });
});

describe('audit logs name what they are about', () => {
  type Row = { action: string; value: { offerId?: string }; offer: unknown; room: unknown };
  const rowsOf = async (query: string): Promise<Row[]> => {
    const res = await call(t, 'GET', `/account-ms/logs/geo?${query}`, { token: staff.token });
    expect(res.status).toBe(200);
    return res.body.payload.items;
  };

  it('gives the offer of each row its name as written and its country, the id kept in the value', async () => {
    const focal = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'KE' });
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const name = 'عرض كينيا للخدمات 2026';
    const created = await call(t, 'POST', '/offers', { token: focal.token, body: buildOfferDocument(2, { name }) });
    expect(created.status).toBe(200);
    const id: string = created.body.payload.id;
    const submitted = await call(t, 'PUT', `/offers/${id}`, {
      token: chief.token,
      body: { ...buildOfferDocument(2, { name }), submittedToAU: true, revision: created.body.payload.revision },
    });
    expect(submitted.status).toBe(200);

    const named = { id, name, countryCode: 'KE', countryName: 'Kenya' };
    const [createdRow] = await rowsOf(`action=OFFER_CREATED&user=${encodeURIComponent(focal.email)}`);
    expect(createdRow).toMatchObject({ value: { offerId: id }, offer: named, room: null });
    const [submittedRow] = await rowsOf(`action=OFFER_SUBMITTED&user=${encodeURIComponent(chief.email)}`);
    expect(submittedRow).toMatchObject({ value: { offerId: id }, offer: named, room: null });
    // A row about no offer says so with null rather than leaving the field out.
    const [signIn] = await rowsOf(`action=LOGIN&user=${encodeURIComponent(chief.email)}`);
    expect(signIn).toMatchObject({ offer: null, room: null });
  });

  it("gives a conversation's row its title", async () => {
    const alice = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const bob = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'CI' });
    const created = await call(t, 'POST', '/chats/addRomes', {
      token: alice.token,
      body: newRoom('Suivi du mode 4', [bob.id]),
    });
    expect(created.status).toBe(200);
    const [row] = await rowsOf(`action=CHAT_ROOM_CREATED&user=${encodeURIComponent(alice.email)}`);
    expect(row).toMatchObject({ offer: null, room: { id: created.body.payload.id, title: 'Suivi du mode 4' } });
  });

  it('says an offer no longer there has no name, and ignores an id that is not one', async () => {
    const who = `ghost-${Date.now()}@example.org`;
    const gone = crypto.randomUUID();
    await t.ctx.db.insert(auditLogs).values([
      { action: 'OFFER_SAVED', logUser: who, value: { offerId: gone } },
      { action: 'CHAT_USER_LEFT', logUser: who, value: { roomId: 'not-a-uuid' } },
    ]);
    const rows = await rowsOf(`user=${encodeURIComponent(who)}`);
    expect(rows.find((r) => r.action === 'OFFER_SAVED')).toMatchObject({
      offer: { id: gone, name: null, countryCode: null, countryName: null },
      room: null,
    });
    expect(rows.find((r) => r.action === 'CHAT_USER_LEFT')).toMatchObject({ offer: null, room: null });
  });
});

describe('user management', () => {
  it('searches users and deactivates one, which ends their sessions at once', async () => {
    const target = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'GH' });
    const found = await call(t, 'GET', `/users?search=${encodeURIComponent(target.email)}`, { token: staff.token });
    expect(found.body.payload.items).toEqual([
      expect.objectContaining({ userId: target.id, countryCode: 'GH', status: 'ACTIVE', role: 'SERVICE_FOCAL_POINT' }),
    ]);
    const byCountry = (await call(t, 'GET', '/users?search=ghan', { token: staff.token })).body.payload.items;
    expect(byCountry.map((u: { userId: string }) => u.userId)).toContain(target.id);
    expect(byCountry.every((u: { countryCode: string }) => u.countryCode === 'GH')).toBe(true);

    const off = await call(t, 'PUT', `/users/${target.id}/status`, {
      token: staff.token,
      body: { status: 'DISABLED' },
    });
    expect(off.body.payload.status).toBe('DISABLED');
    expect((await call(t, 'GET', '/profile/current', { token: target.token })).status).toBe(401);
    expect(
      (await tokenRequest(t, { grant_type: 'mfa', username: target.email, password: target.password })).status,
    ).toBe(400);

    await call(t, 'PUT', `/users/${target.id}/status`, { token: staff.token, body: { status: 'ACTIVE' } });
    await expect(signIn(t, target)).resolves.toHaveProperty('access_token');
  });

  it('refuses to deactivate oneself, unknown users and bad statuses', async () => {
    expect(
      (await call(t, 'PUT', `/users/${staff.id}/status`, { token: staff.token, body: { status: 'DISABLED' } })).body
        .message,
    ).toBe(BACKOFFICE_MESSAGES.cannotDisableSelf);
    expect(
      (
        await call(t, 'PUT', '/users/00000000-0000-0000-0000-000000000000/status', {
          token: staff.token,
          body: { status: 'DISABLED' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(t, 'PUT', `/users/${staff.id}/status`, { token: staff.token, body: { status: 'ROOT' } })).status,
    ).toBe(400);
  });

  it('answers 404, not 500, for ids that only look like a uuid (36 hyphens, hex without the dashes in place)', async () => {
    for (const id of ['-'.repeat(36), 'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaa-a', '0'.repeat(36)]) {
      const res = await call(t, 'PUT', `/users/${id}/status`, { token: staff.token, body: { status: 'DISABLED' } });
      expect(res, id).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    }
  });

  it('counts users for the dashboard', async () => {
    const res = await call(t, 'GET', '/users/dashboard', { token: staff.token });
    expect(res.body.payload.total).toBeGreaterThanOrEqual(3);
    expect(res.body.payload.byRole.AFRICAN_UNION).toBeGreaterThanOrEqual(1);
    expect(res.body.payload.byCountry).toContainEqual(expect.objectContaining({ countryCode: 'KE' }));
    expect(res.body.payload.signInsLast30Days).toBeGreaterThanOrEqual(3);
  });
});

describe('global settings', () => {
  it('changes the home settings, validating colours and links', async () => {
    const bad = await call(t, 'PUT', '/home', { token: staff.token, body: { buttonBackColor: 'red' } });
    expect(bad.status).toBe(400);
    expect(
      (await call(t, 'PUT', '/home', { token: staff.token, body: { twitterLink: 'javascript:alert(1)' } })).status,
    ).toBe(400);
    const res = await call(t, 'PUT', '/home', {
      token: staff.token,
      body: { buttonBackColor: '#1d4ed8', linkedinLink: 'https://www.linkedin.com/company/african-union' },
    });
    expect(res.status).toBe(200);
    const home = (await call(t, 'GET', '/home')).body.payload;
    expect(home).toMatchObject({
      buttonBackColor: '#1d4ed8',
      linkedinLink: 'https://www.linkedin.com/company/african-union',
      buttonColor: HOME_DEFAULT_COLOURS.buttonColor,
    });
  });
});

describe('contact us', () => {
  it('takes a message from anyone; the secretariat reads it and replies by mail', async () => {
    const message = {
      firstName: 'Amadou',
      lastName: 'Ba',
      companyName: 'Chamber of Commerce',
      subject: 'Schedules',
      email: 'amadou@example.org',
      message: 'Where can I read the offers?',
    };
    expect((await call(t, 'POST', '/contact-us', { body: { ...message, email: 'nope' } })).status).toBe(400);
    const headers = { 'captcha-response': await solvedCaptcha(t) };
    expect((await call(t, 'POST', '/contact-us', { body: message, headers })).body.message).toBe(
      BACKOFFICE_MESSAGES.contactSent,
    );
    const box = (await call(t, 'GET', '/account-ms/contact-us', { token: staff.token })).body.payload;
    const received = box.items.find((m: { email: string }) => m.email === 'amadou@example.org');
    expect(received).toMatchObject({ subject: 'Schedules', repliedAt: null });
    const reply = await call(t, 'POST', '/account-ms/contact-us/replay/', {
      token: staff.token,
      body: { id: received.id, message: 'On the conditional offers page.' },
    });
    expect(reply.body.payload.repliedAt).not.toBeNull();
    // The visitor also gets an acknowledgement, mailed by a listener that may finish after the reply: find the reply.
    const mail = mailsTo(t, 'amadou@example.org').find((m) => /^Subject: Re: Schedules$/m.test(m));
    expect(mail).toMatch(/^Subject: Re: Schedules$/m);
    expect(mail).toContain('On the conditional offers page.');
  });
});

describe('newsletter', () => {
  const solved = () => solvedCaptcha(t);

  it('needs a solved captcha, used once', async () => {
    expect(
      await call(t, 'POST', '/newslettersubscriber', { body: { email: 'reader@example.org', new: true } }),
    ).toMatchObject({
      status: 400,
      body: { message: BACKOFFICE_MESSAGES.captchaRequired },
    });
    const forged = Buffer.from(
      JSON.stringify({ algorithm: 'SHA-256', challenge: 'x', number: 1, salt: 'y', signature: 'z' }),
    ).toString('base64');
    expect(
      (
        await call(t, 'POST', '/newslettersubscriber', {
          body: { email: 'reader@example.org' },
          headers: { 'captcha-response': forged },
        })
      ).body.message,
    ).toBe(BACKOFFICE_MESSAGES.captchaInvalid);
    const proof = await solved();
    const res = await call(t, 'POST', '/newslettersubscriber', {
      body: { email: 'Reader@example.org', new: true },
      headers: { 'captcha-response': proof },
    });
    expect(res).toMatchObject({ status: 200, body: { message: 'You have been subscribed successfully' } });
    expect(
      (
        await call(t, 'POST', '/newslettersubscriber', {
          body: { email: 'other@example.org' },
          headers: { 'captcha-response': proof },
        })
      ).status,
    ).toBe(400);
    // The subscription is stored after the answer (modules/newsletter/service.ts), waiting for its confirmation.
    await vi.waitFor(async () => {
      const list = (await call(t, 'GET', '/newslettersubscriber', { token: staff.token })).body.payload;
      expect(list).toEqual([expect.objectContaining({ email: 'reader@example.org', new: true, confirmed: false })]);
    });
  });

  it("refuses an invalid address with the spec's message", async () => {
    const res = await call(t, 'POST', '/newslettersubscriber', {
      body: { email: 'not-an-address' },
      headers: { 'captcha-response': await solved() },
    });
    expect(res).toMatchObject({ status: 400 });
    expect(res.body.message).toContain('Please enter a valid email');
  });
});
