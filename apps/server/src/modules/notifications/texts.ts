import { isolateAuto } from '@portal/shared';
import type { MailContent } from '../../providers/mail/content.js';

/**
 * Notification texts in the three languages of the portal. A notification keeps its kind and its parameters in each
 * language (`data.params`), and is shown in the reader's language when read (present.ts); its stored subject and text
 * are those of the recipient's language when it was written (the live push, the mail, and rows from before params were
 * kept).
 */
export type NotificationLanguage = 'en' | 'fr' | 'ar';

/** A user's language as notifications use it: their profile's, English for anything the texts do not have. */
export const notificationLanguage = (language: string | null | undefined): NotificationLanguage =>
  language === 'fr' || language === 'ar' ? language : 'en';

export interface NotificationParams {
  offerName?: string;
  country?: string;
  comment?: string;
  actor?: string;
  title?: string;
  count?: number;
  version?: number;
  /** The requested country of a request (`country` is the requesting one). */
  requested?: string;
}

type Texts = Record<NotificationLanguage, (p: NotificationParams) => { subject: string; text: string }>;

const NOTIFICATION_TEXTS = {
  'offer.submitted': {
    en: (p) => ({ subject: 'Offer submitted', text: `${p.country} submitted ${p.offerName} (version ${p.version}).` }),
    fr: (p) => ({ subject: 'Offre soumise', text: `${p.country} a soumis ${p.offerName} (version ${p.version}).` }),
    ar: (p) => ({ subject: 'تم تقديم عرض', text: `قدّمت ${p.country} ${p.offerName} (الإصدار ${p.version}).` }),
  },
  'offer.returned': {
    en: (p) => ({
      subject: 'Offer sent back',
      text: `The secretariat sent back ${p.offerName}${p.comment ? `: ${p.comment}` : '.'}`,
    }),
    fr: (p) => ({
      subject: 'Offre renvoyée',
      text: `Le secrétariat a renvoyé ${p.offerName}${p.comment ? ` : ${p.comment}` : '.'}`,
    }),
    ar: (p) => ({
      subject: 'تمت إعادة العرض',
      text: `أعادت الأمانة ${p.offerName}${p.comment ? `: ${p.comment}` : '.'}`,
    }),
  },
  'offer.validated': {
    en: (p) => ({ subject: 'Offer validated', text: `The secretariat validated ${p.offerName}.` }),
    fr: (p) => ({ subject: 'Offre validée', text: `Le secrétariat a validé ${p.offerName}.` }),
    ar: (p) => ({ subject: 'تم اعتماد العرض', text: `اعتمدت الأمانة ${p.offerName}.` }),
  },
  'offer.finalized': {
    en: (p) => ({ subject: 'Offer finalized', text: `${p.offerName} has been finalized.` }),
    fr: (p) => ({ subject: 'Offre finalisée', text: `${p.offerName} a été finalisée.` }),
    ar: (p) => ({ subject: 'تم إنهاء العرض', text: `تم إنهاء ${p.offerName}.` }),
  },
  'offer.responded': {
    en: (p) => ({ subject: 'Counter offer received', text: `${p.country} sent a counter offer to ${p.offerName}.` }),
    fr: (p) => ({ subject: 'Contre-offre reçue', text: `${p.country} a envoyé une contre-offre à ${p.offerName}.` }),
    ar: (p) => ({ subject: 'تم استلام عرض مضاد', text: `أرسلت ${p.country} عرضًا مضادًا على ${p.offerName}.` }),
  },
  'response.drafted': {
    en: (p) => ({
      subject: 'Counter offer to send',
      text: `${p.actor} prepared a counter offer to ${p.offerName} (${p.country}); review it and send it.`,
    }),
    fr: (p) => ({
      subject: 'Contre-offre à envoyer',
      text: `${p.actor} a préparé une contre-offre à ${p.offerName} (${p.country}) ; relisez-la et envoyez-la.`,
    }),
    ar: (p) => ({
      subject: 'عرض مضاد للإرسال',
      text: `أعدّ ${p.actor} عرضًا مضادًا على ${p.offerName} (${p.country})؛ راجعه وأرسله.`,
    }),
  },
  'response.decided': {
    en: (p) => ({
      subject: 'Counter offer answered',
      text: `${p.country} recorded ${p.count === 1 ? 'a decision' : `${p.count} decisions`} on your counter offer to ${p.offerName}.`,
    }),
    fr: (p) => ({
      subject: 'Réponse à votre contre-offre',
      text: `${p.country} a enregistré ${p.count === 1 ? 'une décision' : `${p.count} décisions`} sur votre contre-offre à ${p.offerName}.`,
    }),
    ar: (p) => ({
      subject: 'ردّ على العرض المضاد',
      text: `سجّلت ${p.country} قرارات (${p.count}) بشأن عرضكم المضاد على ${p.offerName}.`,
    }),
  },
  'request.sent': {
    en: (p) => ({
      subject: 'New request',
      text: `${p.country} sent ${p.requested} a request for ${p.count === 1 ? '1 sector' : `${p.count} sectors`} of ${p.offerName}.`,
    }),
    fr: (p) => ({
      subject: 'Nouvelle demande',
      text: `${p.country} a envoyé une demande portant sur ${p.count === 1 ? '1 secteur' : `${p.count} secteurs`} de ${p.offerName} (pays sollicité : ${p.requested}).`,
    }),
    ar: (p) => ({
      subject: 'طلب جديد',
      text: `وجّهت ${p.country} إلى ${p.requested} طلبًا يشمل ${p.count} من قطاعات ${p.offerName}.`,
    }),
  },
  'request.answered': {
    en: (p) => ({ subject: 'Request answered', text: `${p.country} answered your request on ${p.offerName}.` }),
    fr: (p) => ({
      subject: 'Réponse à votre demande',
      text: `${p.country} a répondu à votre demande concernant ${p.offerName}.`,
    }),
    ar: (p) => ({ subject: 'تم الرد على الطلب', text: `ردّت ${p.country} على طلبكم بشأن ${p.offerName}.` }),
  },
  'request.withdrawn': {
    en: (p) => ({ subject: 'Request withdrawn', text: `${p.country} withdrew its request on ${p.offerName}.` }),
    fr: (p) => ({ subject: 'Demande retirée', text: `${p.country} a retiré sa demande concernant ${p.offerName}.` }),
    ar: (p) => ({ subject: 'تم سحب الطلب', text: `سحبت ${p.country} طلبها بشأن ${p.offerName}.` }),
  },
  'chat.invited': {
    en: (p) => ({
      subject: 'Invitation to a conversation',
      text: `${p.actor} added you to the conversation “${p.title}”.`,
    }),
    fr: (p) => ({
      subject: 'Invitation à une conversation',
      text: `${p.actor} vous a ajouté à la conversation « ${p.title} ».`,
    }),
    ar: (p) => ({ subject: 'دعوة إلى محادثة', text: `أضافك ${p.actor} إلى المحادثة «${p.title}».` }),
  },
  'chat.added': {
    en: (p) => ({ subject: 'New conversation', text: `${p.actor} started the conversation “${p.title}” with you.` }),
    fr: (p) => ({
      subject: 'Nouvelle conversation',
      text: `${p.actor} a commencé la conversation « ${p.title} » avec vous.`,
    }),
    ar: (p) => ({ subject: 'محادثة جديدة', text: `بدأ ${p.actor} المحادثة «${p.title}» معك.` }),
  },
  'chat.message': {
    en: (p) => ({
      subject: 'New messages',
      text: p.count === 1 ? `1 new message in “${p.title}”.` : `${p.count} new messages in “${p.title}”.`,
    }),
    fr: (p) => ({
      subject: 'Nouveaux messages',
      text:
        p.count === 1 ? `1 nouveau message dans « ${p.title} ».` : `${p.count} nouveaux messages dans « ${p.title} ».`,
    }),
    ar: (p) => ({
      subject: 'رسائل جديدة',
      text: p.count === 1 ? `رسالة جديدة في «${p.title}».` : `رسائل جديدة (${p.count}) في «${p.title}».`,
    }),
  },
  'chat.mention': {
    en: (p) => ({ subject: 'You were mentioned', text: `${p.actor} mentioned you in “${p.title}”.` }),
    fr: (p) => ({ subject: 'Vous avez été mentionné', text: `${p.actor} vous a mentionné dans « ${p.title} ».` }),
    ar: (p) => ({ subject: 'تمت الإشارة إليك', text: `أشار إليك ${p.actor} في «${p.title}».` }),
  },
  'contact.received': {
    en: (p) => ({ subject: 'New contact-us message', text: `${p.actor} wrote to the secretariat: “${p.title}”.` }),
    fr: (p) => ({
      subject: 'Nouveau message de contact',
      text: `${p.actor} a écrit au secrétariat : « ${p.title} ».`,
    }),
    ar: (p) => ({ subject: 'رسالة تواصل جديدة', text: `كتب ${p.actor} إلى الأمانة: «${p.title}».` }),
  },
} satisfies Record<string, Texts>;

export type NotificationKind = keyof typeof NOTIFICATION_TEXTS;

/** Whether a stored kind still has texts (a row's kind is a plain column). */
export const isNotificationKind = (kind: string): kind is NotificationKind => Object.hasOwn(NOTIFICATION_TEXTS, kind);

/**
 * The subject and text of a notification standing for `count` events, in one language. A `count` among the params (a
 * request's sectors) is theirs; otherwise it is the notification's own (messages of a batch).
 */
export function notificationText(kind: NotificationKind, language: string, params: NotificationParams, count = 1) {
  const lang = notificationLanguage(language);
  return NOTIFICATION_TEXTS[kind][lang]({ count, ...(lang === 'ar' ? isolatedWriting(params) : params) });
}

/** What users wrote (an offer's name, a comment, a name, a title): the values an Arabic sentence isolates. */
const WRITTEN = ['offerName', 'comment', 'actor', 'title'] as const;

/**
 * In an Arabic sentence, what users wrote — often in Latin script, often ending in punctuation or a number — is
 * isolated (FSI … PDI): "قدّمت غانا ⁨Ghana Offer 2.⁩ (الإصدار 2)." keeps the name whole and its full stop in place.
 * English and French sentences carry them as written (a Latin run in a Latin sentence needs nothing).
 */
function isolatedWriting(params: NotificationParams): NotificationParams {
  const isolated = { ...params };
  for (const key of WRITTEN) {
    const value = isolated[key];
    if (value) isolated[key] = isolateAuto(value);
  }
  return isolated;
}

const MAIL_OPEN: Record<NotificationLanguage, string> = {
  en: 'Open it in the portal',
  fr: 'Ouvrez-la dans le portail',
  ar: 'افتحه في البوابة',
};
const MAIL_WHY: Record<NotificationLanguage, string> = {
  en: 'You receive this mail as a user of the services negotiation portal.',
  fr: 'Vous recevez ce courriel en tant qu’utilisateur du portail de négociation des services.',
  ar: 'تصلك هذه الرسالة بصفتك مستخدمًا لبوابة مفاوضات الخدمات.',
};

/** A notification sent by mail as well (a request received): its subject and text, and where to open it. */
export function notificationMail(
  lang: NotificationLanguage,
  notification: { subject: string; text: string },
  url: string | null,
): MailContent {
  return {
    language: lang,
    subject: notification.subject,
    body: [notification.text, ...(url ? [{ action: { label: MAIL_OPEN[lang], url } }] : [])],
    footer: MAIL_WHY[lang],
  };
}
