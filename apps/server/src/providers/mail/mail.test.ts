import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { TEXT_CONTRAST, contrastRatio } from '@portal/shared';
import { createMailer } from './index.js';
import { PORTAL_NAME, type MailContent, type MailLanguage } from './content.js';
import { codeMail, failedAttemptsMail, passwordChangedMail } from '../../modules/auth/mail-texts.js';
import { resetMail } from '../../modules/password/mail-texts.js';
import { confirmMail } from '../../modules/newsletter/mail-texts.js';
import { invitationMail } from '../../modules/profile/mail-texts.js';
import { acknowledgementMail, replyMail, staffCopyMail } from '../../modules/contact/mail-texts.js';
import { notificationMail, notificationText, type NotificationKind } from '../../modules/notifications/texts.js';

const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-test-'));
afterAll(() => fs.rmSync(outbox, { recursive: true, force: true }));
const silent = { info: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;
const mailer = createMailer({ outboxDir: outbox, from: 'no-reply@portal.example.org', log: silent });

/** Sends a mail through the outbox mailer and reads back its .eml file, raw and parsed. */
async function sent(content: MailContent): Promise<{ raw: Buffer; mail: ParsedMail }> {
  const before = new Set(fs.readdirSync(outbox));
  await mailer.send({ to: 'amina@example.org', ...content });
  const [name] = fs.readdirSync(outbox).filter((f) => !before.has(f));
  const raw = fs.readFileSync(path.join(outbox, name!));
  return { raw, mail: await simpleParser(raw) };
}

const URL = 'https://portal.example.org/reset?token=Zq9xYk';
const FACTS = {
  name: 'Zanele',
  invitation: {
    name: 'Zanele',
    inviterName: 'Kwame Boateng',
    inviterEmail: 'kwame@example.org',
    role: 'SERVICE_FOCAL_POINT' as const,
    countryName: 'Ghana',
    link: URL,
    days: 7,
  },
  contact: {
    firstName: 'Zanele',
    lastName: 'Dlamini',
    companyName: 'Acme',
    email: 'zanele@example.org',
    subject: 'Zxq',
    message: 'Qwzx',
  },
  notification: {
    country: 'Ghana',
    requested: 'Kenya',
    offerName: 'GH-2026',
    actor: 'Kwame Boateng',
    title: 'Zxq',
    count: 2,
    version: 3,
  },
};

const KINDS: NotificationKind[] = [
  'offer.submitted',
  'offer.returned',
  'offer.validated',
  'offer.finalized',
  'offer.responded',
  'response.drafted',
  'response.decided',
  'request.sent',
  'request.answered',
  'request.withdrawn',
  'chat.invited',
  'chat.added',
  'chat.message',
  'chat.mention',
  'contact.received',
];

/** Every mail the portal writes to a person with a language, by name, in a given language. */
const MAILS: Record<string, (lang: MailLanguage) => MailContent> = {
  code: (lang) => codeMail(lang, '042917', 10),
  failedAttempts: (lang) => failedAttemptsMail(lang, 6),
  passwordChanged: (lang) => passwordChangedMail(lang, FACTS.name, URL),
  reset: (lang) => resetMail(lang, FACTS.name, URL, 30),
  newsletter: (lang) => confirmMail(lang, URL, `${URL}u`, 48),
  invitation: (lang) => invitationMail(lang, FACTS.invitation),
  acknowledgement: (lang) => acknowledgementMail(lang, FACTS.contact),
  reply: (lang) => replyMail(lang, FACTS.contact, { message: 'Qwzx' }),
  ...Object.fromEntries(
    KINDS.map((kind) => [
      `notification ${kind}`,
      (lang: MailLanguage) => notificationMail(lang, notificationText(kind, lang, FACTS.notification), URL),
    ]),
  ),
};

const LANGUAGES: MailLanguage[] = ['en', 'fr', 'ar'];

/** The Latin words of a text, lower-cased, without the facts put in it (names, addresses, links). */
function latinWords(text: string): Set<string> {
  const withoutFacts = text.replace(/https?:\/\/\S+/g, ' ').replace(/\S+@\S+/g, ' ');
  const facts = new Set(
    JSON.stringify(FACTS)
      .toLowerCase()
      .match(/[a-z]+/g),
  );
  return new Set((withoutFacts.toLowerCase().match(/[a-zà-ÿœ]+/g) ?? []).filter((w) => !facts.has(w)));
}

/** The visible words of the HTML part. */
const htmlWords = (html: string) =>
  html
    .replace(/<head>[\s\S]*<\/head>/, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/g, ' ');

/** French words that English spells the same way, so finding them in a French mail is no mistake. */
const SHARED_WITH_FRENCH = new Set([
  'a',
  'code',
  'conversation',
  'invitation',
  'mention',
  'message',
  'messages',
  'minutes',
  're',
  'services',
  'sessions',
  'union',
  'version',
]);

describe('every mail of the portal', () => {
  for (const [name, build] of Object.entries(MAILS))
    for (const lang of LANGUAGES)
      it(`${name} (${lang}) is text and HTML, CRLF only, with its language and the sender named in it`, async () => {
        const content = build(lang);
        const { raw, mail } = await sent(content);
        expect(raw.includes('\n'), 'has lines').toBe(true);
        // Every LF is part of a CRLF: no bare LF anywhere in the file.
        expect(raw.toString('latin1')).not.toMatch(/(?<!\r)\n/);
        expect(mail.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
        expect(mail.text).toBeTruthy();
        expect(mail.html).toBeTruthy();
        expect(mail.headers.get('content-language')).toBe(lang);
        expect(mail.headers.get('auto-submitted')).toBe(name === 'reply' ? undefined : 'auto-generated');
        expect(mail.from?.value[0]).toEqual({ name: PORTAL_NAME[lang], address: 'no-reply@portal.example.org' });
        const html = mail.html as string;
        expect(html).toMatch(new RegExp(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`));
        expect(html).not.toMatch(/<img|<style|<link/i);
        const action = content.body.find((b) => typeof b === 'object' && 'action' in b);
        if (action && 'action' in action) {
          // The action is a real link whose words say what it does, and the text part gives its address.
          expect(html).toContain(`<a href="${action.action.url}"`);
          expect(html).toMatch(new RegExp(`>${action.action.label}</a>`));
          expect(mail.text).toContain(action.action.url);
          // The button's words read on its colour at 4.5:1 at least.
          const [, back, fore] = /<a [^>]*background-color:(#[0-9a-f]{6});color:(#[0-9a-f]{6})/.exec(html)!;
          expect(contrastRatio(back!, fore!)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        }
        // The same words in both parts.
        expect([...latinWords(htmlWords(html))].sort()).toEqual([...latinWords(mail.text!)].sort());
      });

  for (const [name, build] of Object.entries(MAILS))
    for (const lang of ['fr', 'ar'] as const)
      it(`${name} in ${lang} has no word of the English template`, async () => {
        const english = latinWords(renderedWords((await sent(build('en'))).mail));
        const { mail } = await sent(build(lang));
        const words = latinWords(`${renderedWords(mail)} ${mail.subject} ${mail.from?.value[0]?.name}`);
        const shared = lang === 'fr' ? SHARED_WITH_FRENCH : new Set(['re']);
        expect([...words].filter((w) => english.has(w) && !shared.has(w))).toEqual([]);
      });

  it("the secretariat's copy of a contact-us message is in English, automatic", async () => {
    const { mail } = await sent(staffCopyMail(FACTS.contact, 'https://portal.example.org/backoffice/contactus'));
    expect(mail.headers.get('content-language')).toBe('en');
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.html).toContain('<a href="https://portal.example.org/backoffice/contactus"');
  });
});

const renderedWords = (mail: ParsedMail) => `${mail.text} ${htmlWords(mail.html as string)}`;

describe('the sender', () => {
  it('is MAIL_FROM_NAME in every language when set', async () => {
    const named = createMailer({ outboxDir: outbox, from: 'desk@au.int', fromName: 'AfCFTA', log: silent });
    const before = new Set(fs.readdirSync(outbox));
    await named.send({ to: 'amina@example.org', ...codeMail('ar', '042917', 10) });
    const [file] = fs.readdirSync(outbox).filter((f) => !before.has(f));
    const mail = await simpleParser(fs.readFileSync(path.join(outbox, file!)));
    expect(mail.from?.value[0]).toEqual({ name: 'AfCFTA', address: 'desk@au.int' });
  });
});
