import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFICE_MESSAGES, CONTACT_MESSAGES, type ContactMessage } from '@portal/shared';
import { decodedMail, mailsTo, startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { solvedCaptcha } from '../../../test/captcha.js';
import { userWithToken } from '../../../test/factories.js';
import { until } from '../../../test/until.js';
import { must } from '../../../test/must.js';

const NOTIFY = 'desk@secretariat.example.org';
const REPLY_TO = 'AfCFTA Secretariat <services@secretariat.example.org>';

let t: TestApp;
beforeAll(async () => {
  // Behind a trusted proxy, so each message comes from its own visitor (the form allows 5 a minute per address).
  t = await startTestApp({ TRUST_PROXY: '127.0.0.1', CONTACT_NOTIFY_EMAIL: NOTIFY, CONTACT_REPLY_TO: REPLY_TO });
});
afterAll(() => t.close());

let counter = 0;
const message = (over: Partial<ContactMessage> = {}) => ({
  firstName: 'Amadou',
  lastName: 'Ba',
  companyName: 'Chamber of Commerce',
  subject: `Schedules ${++counter}`,
  email: `visitor-${Date.now()}-${counter}@example.org`,
  message: 'Where can I read the offers?',
  ...over,
});
const send = async (body: object, headers: Record<string, string> = {}, captcha = true) =>
  call(t, 'POST', '/contact-us', {
    body,
    headers: {
      ...(captcha ? { 'captcha-response': await solvedCaptcha(t) } : {}),
      'x-forwarded-for': `198.51.100.${++counter % 250}`,
      ...headers,
    },
  });
const mails = (email: string) =>
  until(
    () => mailsTo(t, email).map(decodedMail),
    (m) => m.length > 0,
  );
const mailbox = async (token: string, query = '') =>
  (await call(t, 'GET', `/account-ms/contact-us?size=200${query}`, { token })).body.payload.items as ContactMessage[];
const archive = (token: string, id: string, archived: boolean) =>
  call(t, 'PUT', `/account-ms/contact-us/${id}/archived`, { token, body: { archived } });

describe('contact-us mailbox API', () => {
  it('requires authentication', async () => {
    expect((await call(t, 'GET', '/account-ms/contact-us')).status).toBe(401);
    const id = '11111111-1111-4111-8111-111111111111';
    expect((await call(t, 'PUT', `/account-ms/contact-us/${id}/archived`, { body: { archived: true } })).status).toBe(
      401,
    );
  });

  it('refuses other roles', async () => {
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' });
    const body = message();
    await send(body);
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const received = must((await mailbox(staff.token)).find((m) => m.email === body.email));
    expect((await call(t, 'GET', '/account-ms/contact-us', { token: chief.token })).status).toBe(403);
    expect((await archive(chief.token, received.id, true)).status).toBe(403);
    expect(
      (
        await call(t, 'POST', '/account-ms/contact-us/replay/', {
          token: chief.token,
          body: { id: received.id, message: 'x' },
        })
      ).status,
    ).toBe(403);
    expect((await mailbox(staff.token)).find((m) => m.id === received.id)?.archivedAt).toBeNull();
  });
});

describe('the public contact form', () => {
  it('needs a solved captcha, used once, with the newsletter refusals, and stores nothing without one', async () => {
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const body = message();
    expect(await send(body, {}, false)).toMatchObject({
      status: 400,
      body: { code: 'CAPTCHA_REQUIRED', message: BACKOFFICE_MESSAGES.captchaRequired },
    });
    const forged = Buffer.from(
      JSON.stringify({ algorithm: 'SHA-256', challenge: 'x', number: 1, salt: 'y', signature: 'z' }),
    ).toString('base64');
    expect(await send(body, { 'captcha-response': forged })).toMatchObject({
      status: 400,
      body: { code: 'CAPTCHA_INVALID', message: BACKOFFICE_MESSAGES.captchaInvalid },
    });
    const proof = await solvedCaptcha(t);
    expect(await send(body, { 'captcha-response': proof })).toMatchObject({
      status: 200,
      body: { message: BACKOFFICE_MESSAGES.contactSent },
    });
    expect(await send({ ...body, subject: 'Again' }, { 'captcha-response': proof })).toMatchObject({
      status: 400,
      body: { code: 'CAPTCHA_INVALID' },
    });
    const stored = (await mailbox(staff.token)).filter((m) => m.email === body.email);
    expect(stored.map((m) => m.subject)).toEqual([body.subject]);
  });

  it('acknowledges the message to the visitor in their language, quoting the subject', async () => {
    const fr = message({ subject: 'Horaires des négociations', message: 'Où lire les offres ?' });
    await send(fr, { cookie: 'locale=fr', 'accept-language': 'en' });
    const [ack] = await mails(fr.email);
    expect(ack).toMatch(/^Subject: .+$/m);
    expect(ack).toContain('Nous avons bien reçu votre message');
    expect(ack).toContain('« Horaires des négociations »');
    expect(ack).toContain('> Où lire les offres ?');

    const en = message({ subject: 'Opening hours' });
    await send(en, { 'accept-language': 'de, en;q=0.8' });
    const [enAck] = await mails(en.email);
    expect(enAck).toContain('We received your message “Opening hours”');
  });

  it('notifies staff in their language and mails CONTACT_NOTIFY_EMAIL', async () => {
    const au = await userWithToken(t, { role: 'AFRICAN_UNION', language: 'fr' });
    const admin = await userWithToken(t, { role: 'ADMIN' });
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' });
    const body = message({ firstName: 'Kofi', lastName: 'Mensah', subject: 'Tourism schedule' });
    await send(body);
    const my = (token: string) =>
      until(
        () => call(t, 'GET', '/notifications/my', { token }).then((r) => r.body.payload.notifications),
        (n: { kind: string; text: string }[]) =>
          n.some((x) => x.kind === 'contact.received' && x.text.includes('Tourism')),
      );
    expect((await my(au.token)).find((n: { text: string }) => n.text.includes('Tourism'))).toMatchObject({
      subject: 'Nouveau message de contact',
      text: 'Kofi Mensah a écrit au secrétariat : « Tourism schedule ».',
      link: '/backoffice/contactus',
      read: false,
    });
    expect((await my(admin.token)).find((n: { text: string }) => n.text.includes('Tourism'))).toMatchObject({
      subject: 'New contact-us message',
    });
    const chiefs = (await call(t, 'GET', '/notifications/my', { token: chief.token })).body.payload.notifications;
    expect(chiefs.filter((n: { kind: string }) => n.kind === 'contact.received')).toEqual([]);

    const copy = await until(
      () =>
        mailsTo(t, NOTIFY)
          .map(decodedMail)
          .filter((m) => m.includes('Tourism schedule')),
      (m) => m.length > 0,
    );
    expect(copy[0]).toMatch(/^Subject: Contact us: Tourism schedule$/m);
    expect(copy[0]).toContain(`From: Kofi Mensah (Chamber of Commerce) <${body.email}>`);
    expect(copy[0]).toContain('Where can I read the offers?');
    expect(copy[0]).toContain(`${t.config.publicUrl}/backoffice/contactus`);
  });
});

describe('replies and archive', () => {
  it('mails the reply with Reply-To: CONTACT_REPLY_TO', async () => {
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const body = message({ subject: 'Schedules' });
    await send(body);
    const received = must((await mailbox(staff.token)).find((m) => m.email === body.email));
    const reply = await call(t, 'POST', '/account-ms/contact-us/replay/', {
      token: staff.token,
      body: { id: received.id, message: 'On the conditional offers page.' },
    });
    expect(reply).toMatchObject({ status: 200, body: { message: BACKOFFICE_MESSAGES.replySent } });
    const mail = await until(
      () =>
        mailsTo(t, body.email)
          .map(decodedMail)
          .filter((m) => /^Subject: Re: Schedules$/m.test(m)),
      (m) => m.length > 0,
    );
    expect(mail[0]).toMatch(/^Reply-To: AfCFTA Secretariat <services@secretariat\.example\.org>$/m);
    expect(mail[0]).toContain('On the conditional offers page.');
  });

  it('archives and brings back a message; the mailbox hides archived messages unless asked', async () => {
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const body = message({ subject: 'To archive' });
    await send(body);
    const received = must((await mailbox(staff.token)).find((m) => m.email === body.email));
    expect(received.archivedAt).toBeNull();

    const archived = await archive(staff.token, received.id, true);
    expect(archived).toMatchObject({ status: 200, body: { message: CONTACT_MESSAGES.archived } });
    expect(archived.body.payload.archivedAt).not.toBeNull();
    const ids = async (q = '') => (await mailbox(staff.token, q)).map((m) => m.id);
    expect(await ids()).not.toContain(received.id);
    expect(await ids('&archived=include')).toContain(received.id);
    expect(await ids('&archived=only')).toEqual(expect.arrayContaining([received.id]));
    expect((await mailbox(staff.token, '&archived=only')).every((m) => m.archivedAt !== null)).toBe(true);
    const hidden = (await call(t, 'GET', '/account-ms/contact-us', { token: staff.token })).body.payload;
    const all = (await call(t, 'GET', '/account-ms/contact-us?archived=include', { token: staff.token })).body.payload;
    expect(all.total).toBeGreaterThan(hidden.total);

    // Archiving again keeps the first date.
    const again = await archive(staff.token, received.id, true);
    expect(again.body.payload.archivedAt).toBe(archived.body.payload.archivedAt);

    const back = await archive(staff.token, received.id, false);
    expect(back).toMatchObject({
      status: 200,
      body: { message: CONTACT_MESSAGES.unarchived, payload: { archivedAt: null } },
    });
    expect(await ids()).toContain(received.id);
    expect(await ids('&archived=only')).not.toContain(received.id);
  });

  it('refuses an unknown message, a bad body or filter, and changes nothing', async () => {
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    expect((await archive(staff.token, '11111111-1111-4111-8111-111111111111', true)).status).toBe(404);
    expect(
      (
        await call(t, 'PUT', '/account-ms/contact-us/not-a-uuid/archived', {
          token: staff.token,
          body: { archived: true },
        })
      ).status,
    ).toBe(400);
    const body = message();
    await send(body);
    const received = must((await mailbox(staff.token)).find((m) => m.email === body.email));
    expect(
      (
        await call(t, 'PUT', `/account-ms/contact-us/${received.id}/archived`, {
          token: staff.token,
          body: { archived: 'yes' },
        })
      ).status,
    ).toBe(400);
    expect((await call(t, 'GET', '/account-ms/contact-us?archived=maybe', { token: staff.token })).status).toBe(400);
    expect((await mailbox(staff.token)).find((m) => m.id === received.id)?.archivedAt).toBeNull();
  });
});

describe('without the contact settings', () => {
  it('mails no copy and the reply has no Reply-To', async () => {
    const plain = await startTestApp();
    try {
      const staff = await userWithToken(plain, { role: 'AFRICAN_UNION' });
      const body = message({ subject: 'Plain' });
      await call(plain, 'POST', '/contact-us', { body, headers: { 'captcha-response': await solvedCaptcha(plain) } });
      await until(
        () => mailsTo(plain, body.email),
        (m) => m.length > 0,
      );
      const box = (await call(plain, 'GET', '/account-ms/contact-us', { token: staff.token })).body.payload.items;
      await call(plain, 'POST', '/account-ms/contact-us/replay/', {
        token: staff.token,
        body: { id: box[0].id, message: 'Thanks.' },
      });
      const reply = mailsTo(plain, body.email).find((m) => /^Subject: Re: Plain$/m.test(m))!;
      expect(reply).not.toMatch(/^Reply-To:/m);
      expect(mailsTo(plain, NOTIFY)).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
