import { greeting, inLanguage } from '../../providers/mail/content.js';

/** The forgotten-password mail in the account's language. */
export const resetMail = inLanguage<[name: string, link: string, minutes: number]>({
  en: (name, url, minutes) => ({
    subject: 'Choose a new password',
    greeting: greeting('en', name),
    body: [
      'Someone (we hope you) asked to reset the password of your account on the Services Negotiation Portal.',
      `Choose a new password here; the link is valid for ${minutes} minutes and can be used once.`,
      { action: { label: 'Choose a new password', url } },
      'If you did not ask for it, ignore this mail: your password stays as it is.',
    ],
  }),
  fr: (name, url, minutes) => ({
    subject: 'Choisissez un nouveau mot de passe',
    greeting: greeting('fr', name),
    body: [
      'Une demande de réinitialisation du mot de passe de votre compte sur le Portail de négociation des services a été faite.',
      `Choisissez un nouveau mot de passe ici ; le lien est valable ${minutes} minutes et ne sert qu'une fois.`,
      { action: { label: 'Choisir un nouveau mot de passe', url } },
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
    ],
  }),
  ar: (name, url, minutes) => ({
    subject: 'اختر كلمة مرور جديدة',
    greeting: greeting('ar', name),
    body: [
      'طُلبت إعادة تعيين كلمة مرور حسابك في بوابة مفاوضات الخدمات.',
      `اختر كلمة مرور جديدة من هنا؛ الرابط صالح لمدة ${minutes} دقيقة ويُستخدم مرة واحدة.`,
      { action: { label: 'اختيار كلمة مرور جديدة', url } },
      'إذا لم تطلب ذلك، فتجاهل هذه الرسالة: تبقى كلمة المرور كما هي.',
    ],
  }),
});
