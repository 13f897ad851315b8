import type { Role } from '@portal/shared';

/** What the invitation mail tells the invitee: who invites them, as what, for which country, and the link. */
export interface InvitationMailFacts {
  /** The invitee's name as the mail greets them. */
  name: string;
  /** The inviter's full name and address, so the invitee knows the mail is expected. */
  inviterName: string;
  inviterEmail: string;
  role: Role;
  /** The country in the mail's language, or null (the secretariat's own accounts). */
  countryName: string | null;
  link: string;
  days: number;
}

/** Role names as the web app shows them (i18n `roles`), in each mail language. */
const ROLE_NAMES: Record<'en' | 'fr' | 'ar', Record<Role, string>> = {
  en: {
    ADMIN: 'Admin',
    AFRICAN_UNION: 'African Union secretariat',
    CHIEF_NEGOTIATOR: 'Chief Negotiator',
    SERVICE_FOCAL_POINT: 'Services Focal Point',
    REGIONAL_ADVISOR: 'Regional Advisor',
  },
  fr: {
    ADMIN: 'Administrateur',
    AFRICAN_UNION: "Secrétariat de l'Union africaine",
    CHIEF_NEGOTIATOR: 'Négociateur en chef',
    SERVICE_FOCAL_POINT: 'Point focal des services',
    REGIONAL_ADVISOR: 'Conseiller régional',
  },
  ar: {
    ADMIN: 'مسؤول النظام',
    AFRICAN_UNION: 'أمانة الاتحاد الأفريقي',
    CHIEF_NEGOTIATOR: 'كبير المفاوضين',
    SERVICE_FOCAL_POINT: 'نقطة اتصال الخدمات',
    REGIONAL_ADVISOR: 'المستشار الإقليمي',
  },
};

const INVITATION = {
  en: {
    subject: 'You are invited to the Services Negotiation Portal',
    text: (f: InvitationMailFacts, role: string) =>
      `Dear ${f.name},\n\n${f.inviterName} (${f.inviterEmail}) has invited you to join the Services Negotiation Portal of the African Union as ${role}${f.countryName ? ` for ${f.countryName}` : ''}.\nChoose your password here (the link is valid for ${f.days} days):\n\n${f.link}\n\nIf you did not expect this invitation, you can ignore this mail.\n`,
  },
  fr: {
    subject: 'Invitation au Portail de négociation des services',
    text: (f: InvitationMailFacts, role: string) =>
      `Madame, Monsieur ${f.name},\n\n${f.inviterName} (${f.inviterEmail}) vous invite à rejoindre le Portail de négociation des services de l'Union africaine en tant que ${role}${f.countryName ? ` pour : ${f.countryName}` : ''}.\nChoisissez votre mot de passe ici (lien valable ${f.days} jours) :\n\n${f.link}\n\nSi vous n'attendiez pas cette invitation, vous pouvez ignorer ce message.\n`,
  },
  ar: {
    subject: 'دعوة إلى بوابة مفاوضات الخدمات',
    text: (f: InvitationMailFacts, role: string) =>
      `السيد/السيدة ${f.name}،\n\nدعاك ${f.inviterName} (${f.inviterEmail}) للانضمام إلى بوابة مفاوضات الخدمات التابعة للاتحاد الأفريقي بصفة ${role}${f.countryName ? ` عن ${f.countryName}` : ''}.\nاختر كلمة المرور من هنا (الرابط صالح لمدة ${f.days} يومًا):\n\n${f.link}\n\nإذا لم تكن تتوقع هذه الدعوة، يمكنك تجاهل هذه الرسالة.\n`,
  },
} as const;

/** The mail languages; anything else falls back to English. */
export function mailLanguage(language: string): 'en' | 'fr' | 'ar' {
  return language === 'fr' || language === 'ar' ? language : 'en';
}

/** The invitation mail in the invitee's language (the one their account was given when invited). */
export function invitationMail(language: string, facts: InvitationMailFacts) {
  const lang = mailLanguage(language);
  return { subject: INVITATION[lang].subject, text: INVITATION[lang].text(facts, ROLE_NAMES[lang][facts.role]) };
}
