import type { Role } from '@portal/shared';
import { greeting, mailLanguage, type MailContent, type MailLanguage } from '../../providers/mail/content.js';

/** What the invitation mail tells the invitee: who invites them, as what, for which country, and the link. */
export interface InvitationMailFacts {
  /** The invitee's name as the mail greets them. */
  name: string;
  /** The inviter's full name (title in the mail's language) and address, so the invitee knows the mail is expected. */
  inviterName: string;
  inviterEmail: string;
  role: Role;
  /** The country in the mail's language, or null (the secretariat's own accounts). */
  countryName: string | null;
  link: string;
  days: number;
}

/** Role names as the web app shows them (i18n `roles`), in each mail language. */
const ROLE_NAMES: Record<MailLanguage, Record<Role, string>> = {
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

/** The invitation mail in the invitee's language (the one their account was given when invited). */
export function invitationMail(language: string, facts: InvitationMailFacts): MailContent {
  const lang = mailLanguage(language);
  return { language: lang, ...INVITATION[lang](facts, ROLE_NAMES[lang][facts.role]) };
}

const INVITATION: Record<MailLanguage, (f: InvitationMailFacts, role: string) => Omit<MailContent, 'language'>> = {
  en: (f, role) => ({
    subject: 'You are invited to the Services Negotiation Portal',
    greeting: greeting('en', f.name),
    body: [
      `${f.inviterName} (${f.inviterEmail}) has invited you to join the Services Negotiation Portal of the African Union as ${role}${f.countryName ? ` for ${f.countryName}` : ''}.`,
      `Choose your password here (the link is valid for ${f.days} days).`,
      { action: { label: 'Choose your password', url: f.link } },
      'If you did not expect this invitation, you can ignore this mail.',
    ],
  }),
  fr: (f, role) => ({
    subject: 'Invitation au Portail de négociation des services',
    greeting: greeting('fr', f.name),
    body: [
      `${f.inviterName} (${f.inviterEmail}) vous invite à rejoindre le Portail de négociation des services de l'Union africaine en tant que ${role}${f.countryName ? ` pour : ${f.countryName}` : ''}.`,
      `Choisissez votre mot de passe ici (lien valable ${f.days} jours).`,
      { action: { label: 'Choisir mon mot de passe', url: f.link } },
      "Si vous n'attendiez pas cette invitation, vous pouvez ignorer ce message.",
    ],
  }),
  ar: (f, role) => ({
    subject: 'دعوة إلى بوابة مفاوضات الخدمات',
    greeting: greeting('ar', f.name),
    body: [
      `دعاك ${f.inviterName} (${f.inviterEmail}) للانضمام إلى بوابة مفاوضات الخدمات التابعة للاتحاد الأفريقي بصفة ${role}${f.countryName ? ` عن ${f.countryName}` : ''}.`,
      `اختر كلمة المرور من هنا (الرابط صالح لمدة ${f.days} يومًا).`,
      { action: { label: 'اختيار كلمة المرور', url: f.link } },
      'إذا لم تكن تتوقع هذه الدعوة، يمكنك تجاهل هذه الرسالة.',
    ],
  }),
};

/** What the owner of an address someone tried to invite is told: who tried, and that nothing changed. */
export type AlreadyRegisteredFacts = Omit<InvitationMailFacts, 'days'>;

/** The mail to the owner of an address that was invited while it already has an account, in the owner's language. */
export function alreadyRegisteredMail(language: string, facts: AlreadyRegisteredFacts): MailContent {
  const lang = mailLanguage(language);
  return { language: lang, ...ALREADY_REGISTERED[lang](facts, ROLE_NAMES[lang][facts.role]) };
}

const ALREADY_REGISTERED: Record<
  MailLanguage,
  (f: AlreadyRegisteredFacts, role: string) => Omit<MailContent, 'language'>
> = {
  en: (f, role) => ({
    subject: 'Services Negotiation Portal: you already have an account',
    greeting: greeting('en', f.name),
    body: [
      `${f.inviterName} (${f.inviterEmail}) tried to invite this address to the Services Negotiation Portal of the African Union as ${role}${f.countryName ? ` for ${f.countryName}` : ''}.`,
      'This address already has an account, so nothing was changed and no new account was made. Sign in as usual; if you have forgotten your password, choose "Forgot your password?" on the sign-in page. If you have not yet chosen a password, use the link of your first invitation or ask for it to be sent again.',
      { action: { label: 'Sign in', url: f.link } },
      'If you did not expect this, you can ignore this mail.',
    ],
  }),
  fr: (f, role) => ({
    subject: 'Portail de négociation des services : vous avez déjà un compte',
    greeting: greeting('fr', f.name),
    body: [
      `${f.inviterName} (${f.inviterEmail}) a tenté d'inviter cette adresse au Portail de négociation des services de l'Union africaine en tant que ${role}${f.countryName ? ` pour : ${f.countryName}` : ''}.`,
      "Cette adresse a déjà un compte : rien n'a été modifié et aucun nouveau compte n'a été créé. Connectez-vous comme d'habitude ; si vous avez oublié votre mot de passe, choisissez « Mot de passe oublié ? » sur la page de connexion. Si vous n'avez pas encore choisi de mot de passe, utilisez le lien de votre première invitation ou demandez qu'il vous soit renvoyé.",
      { action: { label: 'Se connecter', url: f.link } },
      "Si vous ne vous attendiez pas à ce message, vous pouvez l'ignorer.",
    ],
  }),
  ar: (f, role) => ({
    subject: 'بوابة مفاوضات الخدمات: لديك حساب بالفعل',
    greeting: greeting('ar', f.name),
    body: [
      `حاول ${f.inviterName} (${f.inviterEmail}) دعوة هذا العنوان إلى بوابة مفاوضات الخدمات التابعة للاتحاد الأفريقي بصفة ${role}${f.countryName ? ` عن ${f.countryName}` : ''}.`,
      'لهذا العنوان حساب بالفعل، لذلك لم يتغير شيء ولم يُنشأ حساب جديد. سجّل الدخول كالمعتاد؛ وإذا نسيت كلمة المرور فاختر «هل نسيت كلمة المرور؟» في صفحة تسجيل الدخول. وإذا لم تكن قد اخترت كلمة مرور بعد، فاستخدم رابط دعوتك الأولى أو اطلب إعادة إرساله.',
      { action: { label: 'تسجيل الدخول', url: f.link } },
      'إذا لم تكن تتوقع هذه الرسالة، يمكنك تجاهلها.',
    ],
  }),
};
