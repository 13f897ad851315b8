/** The forgotten-password mail in the account's language. */
const RESET_MAIL = {
  en: {
    subject: 'Choose a new password',
    text: (name: string, link: string, minutes: number) =>
      `Dear ${name},\n\nSomeone (we hope you) asked to reset the password of your account on the Services Negotiation Portal.\nChoose a new password here (the link is valid for ${minutes} minutes and can be used once):\n\n${link}\n\nIf you did not ask for it, ignore this mail: your password stays as it is.\n`,
  },
  fr: {
    subject: 'Choisissez un nouveau mot de passe',
    text: (name: string, link: string, minutes: number) =>
      `Madame, Monsieur ${name},\n\nUne demande de réinitialisation du mot de passe de votre compte sur le Portail de négociation des services a été faite.\nChoisissez un nouveau mot de passe ici (lien valable ${minutes} minutes, utilisable une seule fois) :\n\n${link}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.\n`,
  },
  ar: {
    subject: 'اختر كلمة مرور جديدة',
    text: (name: string, link: string, minutes: number) =>
      `السيد/السيدة ${name}،\n\nطُلبت إعادة تعيين كلمة مرور حسابك في بوابة مفاوضات الخدمات.\nاختر كلمة مرور جديدة من هنا (الرابط صالح لمدة ${minutes} دقيقة ويُستخدم مرة واحدة):\n\n${link}\n\nإذا لم تطلب ذلك، فتجاهل هذه الرسالة: تبقى كلمة المرور كما هي.\n`,
  },
} as const;

export function resetMail(language: string, name: string, link: string, minutes: number) {
  const texts = RESET_MAIL[language as keyof typeof RESET_MAIL] ?? RESET_MAIL.en;
  return { subject: texts.subject, text: texts.text(name, link, minutes) };
}
