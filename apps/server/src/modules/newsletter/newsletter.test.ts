import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BACKOFFICE_MESSAGES, NEWSLETTER_MESSAGES } from '@portal/shared';
import { decodedMail, mailsTo, startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { solvedCaptcha } from '../../../test/captcha.js';
import { userWithToken } from '../../../test/factories.js';
import { newsletterSubscribers } from '../../db/schema/index.js';
import { only } from '../../lib/only.js';

let t: TestApp;
let staffToken: string;
beforeAll(async () => {
  // Behind a trusted proxy, so each subscription comes from its own visitor (the form allows 10 a minute per address).
  t = await startTestApp({ NEWSLETTER_CONFIRM_HOURS: '24', TRUST_PROXY: '127.0.0.1' });
  staffToken = (await userWithToken(t, { role: 'AFRICAN_UNION' })).token;
});
afterAll(() => t.close());

let counter = 0;
const freshAddress = () => `reader-${Date.now()}-${++counter}@example.org`;

let visitor = 0;
const subscribe = async (email: string, headers: Record<string, string> = {}) =>
  call(t, 'POST', '/newslettersubscriber', {
    body: { email, new: true },
    headers: {
      'captcha-response': await solvedCaptcha(t),
      'x-forwarded-for': `198.51.100.${++visitor}`,
      ...headers,
    },
  });
const confirm = (token: string) => call(t, 'POST', '/newslettersubscriber/confirm', { body: { token } });
const unsubscribe = (token: string) => call(t, 'POST', '/newslettersubscriber/unsubscribe', { body: { token } });
const listed = async (email: string) =>
  ((await call(t, 'GET', '/newslettersubscriber', { token: staffToken })).body.payload as { email: string }[]).find(
    (s) => s.email === email,
  );
const row = async (email: string) =>
  only(await t.ctx.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)));
/** The work after the answer has had time to run (a mail that was going to leave has left). */
const settle = () => new Promise((r) => setTimeout(r, 300));

/** The confirmation mails to an address, decoded; the subscription is handled after the answer, so wait for them. */
async function confirmationMails(email: string, count = 1): Promise<string[]> {
  for (let i = 0; i < 150; i++) {
    const mails = mailsTo(t, email).map(decodedMail);
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no confirmation mail to ${email}`);
}

/** The tokens of the links of a mail (one missing, or no mail, fails the test naming the link). */
function linksOf(mail: string | undefined) {
  const token = (path: string) => {
    const found = new RegExp(`${t.config.publicUrl}${path}\\?token=([A-Za-z0-9_%-]+)`).exec(mail ?? '')?.[1];
    if (found === undefined) throw new Error(`no ${path} link in the mail`);
    return decodeURIComponent(found);
  };
  return { confirm: token('/newsletter/confirm'), unsubscribe: token('/newsletter/unsubscribe') };
}

describe('GET /newslettersubscriber', () => {
  it('requires authentication', async () => {
    expect(await call(t, 'GET', '/newslettersubscriber')).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED' },
    });
  });

  it('refuses other roles than the secretariat and admins', async () => {
    for (const role of ['CHIEF_NEGOTIATOR', 'SERVICE_FOCAL_POINT', 'REGIONAL_ADVISOR'] as const) {
      const { token } = await userWithToken(t, { role });
      expect(await call(t, 'GET', '/newslettersubscriber', { token })).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN' },
      });
    }
  });
});

describe('double opt-in', () => {
  it('mails a confirmation link, lists the address as waiting, and confirms it with the link', async () => {
    const email = freshAddress();
    expect(await subscribe(email)).toMatchObject({
      status: 200,
      body: { payload: null, message: BACKOFFICE_MESSAGES.subscribed },
    });
    const [mail] = await confirmationMails(email);
    expect(mail).toMatch(/^Subject: Confirm your subscription to the newsletter$/m);
    expect(mail).toContain('valid for 24 hours');
    const links = linksOf(mail);
    expect(await listed(email)).toEqual({ email, new: true, createdAt: expect.any(String), confirmed: false });

    const stored = await row(email);
    expect(stored.confirmTokenHash).not.toContain(links.confirm);
    expect(stored.unsubscribeTokenHash).not.toContain(links.unsubscribe);
    expect(Math.round((stored.confirmExpiresAt!.getTime() - stored.mailedAt!.getTime()) / 3_600_000)).toBe(24);

    const confirmed = await confirm(links.confirm);
    expect(confirmed).toMatchObject({
      status: 200,
      body: { payload: { unsubscribeToken: links.unsubscribe }, message: NEWSLETTER_MESSAGES.confirmed },
    });
    expect(await listed(email)).toMatchObject({ email, confirmed: true });
    // The link can be followed again: same answer, nothing changes.
    const confirmedAt = (await row(email)).confirmedAt;
    expect(await confirm(links.confirm)).toMatchObject({ status: 200, body: confirmed.body });
    expect((await row(email)).confirmedAt).toEqual(confirmedAt);
  });

  it("writes the mail in the visitor's language: the language cookie, else Accept-Language, else English", async () => {
    const french = freshAddress();
    await subscribe(french, { cookie: 'locale=fr', 'accept-language': 'ar' });
    expect((await confirmationMails(french))[0]).toContain('Pour la confirmer, ouvrez ce lien (valable 24 heures)');

    const arabic = freshAddress();
    await subscribe(arabic, { 'accept-language': 'de-DE,ar;q=0.8,en;q=0.5' });
    expect((await confirmationMails(arabic))[0]).toContain('لتأكيد الاشتراك، افتح هذا الرابط');

    const other = freshAddress();
    await subscribe(other, { 'accept-language': 'zh-CN' });
    expect((await confirmationMails(other))[0]).toMatch(/^Subject: Confirm your subscription to the newsletter$/m);
  });

  it('mails an address once within ten minutes however often it is sent, then a new link replaces the old', async () => {
    const email = freshAddress();
    await subscribe(email);
    const [first] = await confirmationMails(email);
    for (let i = 0; i < 2; i++)
      expect(await subscribe(email)).toMatchObject({ status: 200, body: { message: BACKOFFICE_MESSAGES.subscribed } });
    await settle();
    expect(mailsTo(t, email)).toHaveLength(1);

    await t.ctx.db
      .update(newsletterSubscribers)
      .set({ mailedAt: new Date(Date.now() - 10 * 60_000 - 1000) })
      .where(eq(newsletterSubscribers.email, email));
    await subscribe(email);
    const second = (await confirmationMails(email, 2))[1];
    const [oldLinks, newLinks] = [linksOf(first), linksOf(second)];
    expect(newLinks.confirm).not.toBe(oldLinks.confirm);
    expect(await confirm(oldLinks.confirm)).toMatchObject({ status: 400, body: { code: 'NEWSLETTER_TOKEN_INVALID' } });
    expect(await unsubscribe(oldLinks.unsubscribe)).toMatchObject({ status: 400 });
    expect((await confirm(newLinks.confirm)).status).toBe(200);
  });

  it('mails nothing to a confirmed address, even after the cooldown', async () => {
    const email = freshAddress();
    await subscribe(email);
    await confirm(linksOf((await confirmationMails(email))[0]).confirm);
    await t.ctx.db
      .update(newsletterSubscribers)
      .set({ mailedAt: new Date(Date.now() - 24 * 3_600_000) })
      .where(eq(newsletterSubscribers.email, email));
    expect(await subscribe(email)).toMatchObject({ status: 200, body: { message: BACKOFFICE_MESSAGES.subscribed } });
    await settle();
    expect(mailsTo(t, email)).toHaveLength(1);
    expect(await listed(email)).toMatchObject({ confirmed: true });
  });

  it('answers the same for an unknown, a waiting and a confirmed address', async () => {
    const waiting = freshAddress();
    await subscribe(waiting);
    const confirmedAddress = freshAddress();
    await subscribe(confirmedAddress);
    await confirm(linksOf((await confirmationMails(confirmedAddress))[0]).confirm);
    await confirmationMails(waiting);

    const answers = [];
    for (const email of [freshAddress(), waiting, confirmedAddress]) {
      const res = await subscribe(email);
      answers.push({ status: res.status, body: res.body });
    }
    expect(answers).toEqual([
      { status: 200, body: { payload: null, message: BACKOFFICE_MESSAGES.subscribed } },
      { status: 200, body: { payload: null, message: BACKOFFICE_MESSAGES.subscribed } },
      { status: 200, body: { payload: null, message: BACKOFFICE_MESSAGES.subscribed } },
    ]);
  });

  it('refuses an unknown or expired link with its code and message, changing nothing', async () => {
    for (const token of ['', 'x'.repeat(43), 'not-a-token'])
      expect(await confirm(token)).toEqual({
        status: 400,
        headers: expect.anything(),
        body: { code: 'NEWSLETTER_TOKEN_INVALID', message: NEWSLETTER_MESSAGES.tokenInvalid },
      });

    const email = freshAddress();
    await subscribe(email);
    const links = linksOf((await confirmationMails(email))[0]);
    await t.ctx.db
      .update(newsletterSubscribers)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterSubscribers.email, email));
    const before = await row(email);
    expect(await confirm(links.confirm)).toMatchObject({
      status: 400,
      body: { code: 'NEWSLETTER_TOKEN_INVALID', message: NEWSLETTER_MESSAGES.tokenInvalid },
    });
    expect(await row(email)).toEqual(before);
    expect(await listed(email)).toMatchObject({ confirmed: false });
  });

  it('forgets an address whose link expired unused, and mails it afresh when asked again', async () => {
    const email = freshAddress();
    await subscribe(email);
    await confirmationMails(email);
    await t.ctx.db
      .update(newsletterSubscribers)
      .set({ confirmExpiresAt: new Date(Date.now() - 11 * 60_000), mailedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(newsletterSubscribers.email, email));
    const other = freshAddress();
    await subscribe(other);
    await confirmationMails(other);
    expect(await listed(email)).toBeUndefined();
    await subscribe(email);
    await confirmationMails(email, 2);
    expect(await listed(email)).toMatchObject({ confirmed: false });
  });
});

describe('POST /newslettersubscriber/unsubscribe', () => {
  it('removes a confirmed address with the link of the mail or of the confirmation', async () => {
    const email = freshAddress();
    await subscribe(email);
    const links = linksOf((await confirmationMails(email))[0]);
    const { unsubscribeToken } = (await confirm(links.confirm)).body.payload;
    expect(unsubscribeToken).toBe(links.unsubscribe);

    expect(await unsubscribe(unsubscribeToken)).toMatchObject({
      status: 200,
      body: { payload: null, message: NEWSLETTER_MESSAGES.unsubscribed },
    });
    expect(await listed(email)).toBeUndefined();
    expect(await unsubscribe(unsubscribeToken)).toMatchObject({
      status: 400,
      body: { code: 'NEWSLETTER_TOKEN_INVALID', message: NEWSLETTER_MESSAGES.tokenInvalid },
    });
    // Its confirmation link is void too: the address is gone.
    expect((await confirm(links.confirm)).status).toBe(400);
  });

  it('removes an address still waiting for confirmation ("this was not me")', async () => {
    const email = freshAddress();
    await subscribe(email);
    const links = linksOf((await confirmationMails(email))[0]);
    expect((await unsubscribe(links.unsubscribe)).status).toBe(200);
    expect(await listed(email)).toBeUndefined();
  });

  it('refuses an unknown link, removing nobody', async () => {
    const email = freshAddress();
    await subscribe(email);
    await confirmationMails(email);
    expect(await unsubscribe('y'.repeat(43))).toMatchObject({
      status: 400,
      body: { code: 'NEWSLETTER_TOKEN_INVALID', message: NEWSLETTER_MESSAGES.tokenInvalid },
    });
    expect(await listed(email)).toMatchObject({ email });
  });
});
