import type { Language } from '@portal/shared';

/** What a mail about a contact-us message quotes of it. */
interface Quoted {
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  subject: string;
  message: string;
}

const quote = (text: string) =>
  text
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');

/** The acknowledgement to the visitor, in the language they read the portal in. */
const ACKNOWLEDGEMENT = {
  en: {
    subject: (s: string) => `We received your message: ${s}`,
    text: (m: Quoted) =>
      `Hello ${m.firstName},\n\nThank you for writing to the secretariat of the Services Negotiation Portal. We received your message “${m.subject}” and will answer you at this address.\n\nYour message:\n${quote(m.message)}\n\nThis is an automatic acknowledgement; there is no need to answer it.\n`,
  },
  fr: {
    subject: (s: string) => `Nous avons bien reçu votre message : ${s}`,
    text: (m: Quoted) =>
      `Bonjour ${m.firstName},\n\nMerci d'avoir écrit au secrétariat du Portail de négociation des services. Nous avons bien reçu votre message « ${m.subject} » et vous répondrons à cette adresse.\n\nVotre message :\n${quote(m.message)}\n\nCeci est un accusé de réception automatique ; inutile d'y répondre.\n`,
  },
  ar: {
    subject: (s: string) => `تلقّينا رسالتك: ${s}`,
    text: (m: Quoted) =>
      `مرحبًا ${m.firstName}،\n\nشكرًا لمراسلتك أمانة بوابة مفاوضات الخدمات. تلقّينا رسالتك «${m.subject}» وسنردّ عليك على هذا العنوان.\n\nرسالتك:\n${quote(m.message)}\n\nهذا إشعار استلام آلي؛ لا حاجة إلى الرد عليه.\n`,
  },
} as const;

/** The acknowledgement mailed to whoever wrote through the contact form. */
export function acknowledgementMail(language: Language, m: Quoted) {
  const texts = ACKNOWLEDGEMENT[language] ?? ACKNOWLEDGEMENT.en;
  return { subject: texts.subject(m.subject), text: texts.text(m) };
}

/**
 * The copy for CONTACT_NOTIFY_EMAIL, in English (the address is the secretariat's, not a user's with a language).
 * It points to the back office rather than inviting an answer by mail, so every reply is recorded in the mailbox.
 */
export function staffCopyMail(m: Quoted, mailboxLink: string) {
  const from = `${m.firstName} ${m.lastName}${m.companyName ? ` (${m.companyName})` : ''} <${m.email}>`;
  return {
    subject: `Contact us: ${m.subject}`,
    text: `A message came through the contact form of the Services Negotiation Portal.\n\nFrom: ${from}\nSubject: ${m.subject}\n\n${m.message}\n\nRead and answer it in the back office: ${mailboxLink}\n`,
  };
}
