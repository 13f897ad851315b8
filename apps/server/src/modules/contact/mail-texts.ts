import type { Language } from '@portal/shared';
import { COLON, inLanguage, mailLanguage, type MailContent } from '../../providers/mail/content.js';

/** What a mail about a contact-us message quotes of it. */
interface Quoted {
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  subject: string;
  message: string;
}

/** The acknowledgement mailed to whoever wrote through the contact form, in the language they read the portal in. */
export const acknowledgementMail: (language: Language, m: Quoted) => MailContent = inLanguage<[m: Quoted]>({
  en: (m) => ({
    subject: `We received your message: ${m.subject}`,
    greeting: `Hello ${m.firstName},`,
    body: [
      `Thank you for writing to the secretariat of the Services Negotiation Portal. We received your message “${m.subject}” and will answer you at this address.`,
      'Your message:',
      { quote: m.message },
      'This is an automatic acknowledgement; there is no need to answer it.',
    ],
  }),
  fr: (m) => ({
    subject: `Nous avons bien reçu votre message : ${m.subject}`,
    greeting: `Bonjour ${m.firstName},`,
    body: [
      `Merci d'avoir écrit au secrétariat du Portail de négociation des services. Nous avons bien reçu votre message « ${m.subject} » et vous répondrons à cette adresse.`,
      'Votre message :',
      { quote: m.message },
      'Ceci est un accusé de réception automatique ; inutile d’y répondre.',
    ],
  }),
  ar: (m) => ({
    subject: `تلقّينا رسالتك: ${m.subject}`,
    greeting: `مرحبًا ${m.firstName}،`,
    body: [
      `شكرًا لمراسلتك أمانة بوابة مفاوضات الخدمات. تلقّينا رسالتك «${m.subject}» وسنردّ عليك على هذا العنوان.`,
      'رسالتك:',
      { quote: m.message },
      'هذا إشعار استلام آلي؛ لا حاجة إلى الرد عليه.',
    ],
  }),
});

/**
 * The copy for CONTACT_NOTIFY_EMAIL, in English (the address is the secretariat's, not a user's with a language).
 * It points to the back office rather than inviting an answer by mail, so every reply is recorded in the mailbox.
 */
export function staffCopyMail(m: Quoted, mailboxLink: string): MailContent {
  const from = `${m.firstName} ${m.lastName}${m.companyName ? ` (${m.companyName})` : ''} <${m.email}>`;
  return {
    language: 'en',
    subject: `Contact us: ${m.subject}`,
    body: [
      'A message came through the contact form of the Services Negotiation Portal.',
      `From: ${from}\nSubject: ${m.subject}`,
      m.message,
      { action: { label: 'Read and answer it in the back office', url: mailboxLink } },
    ],
  };
}

const WROTE = {
  en: (name: string) => `${name} wrote`,
  fr: (name: string) => `${name} a écrit`,
  ar: (name: string) => `كتب ${name}`,
};

/**
 * A staff member's reply to a contact-us message, quoting it. A person wrote it, so it is not marked automatic. The
 * visitor's language is not stored with the message: the reply is taken to be in the language of the staff member
 * who writes it, and the line introducing the quote follows it.
 */
export function replyMail(
  language: string,
  m: Pick<Quoted, 'firstName' | 'lastName' | 'subject' | 'message'>,
  reply: { message: string; subject?: string },
): MailContent {
  const lang = mailLanguage(language);
  return {
    language: lang,
    automatic: false,
    subject: reply.subject || `Re: ${m.subject}`,
    body: [reply.message, `${WROTE[lang](`${m.firstName} ${m.lastName}`)}${COLON[lang]}`, { quote: m.message }],
  };
}
