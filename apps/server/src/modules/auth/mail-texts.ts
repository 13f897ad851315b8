/** The sign-in code mail in the recipient's language. */
const CODE_MAIL = {
  en: {
    subject: 'Your sign-in code',
    text: (code: string, minutes: number) =>
      `Your verification code for the Services Negotiation Portal:\n\n${code}\n\nIt is valid for ${minutes} minutes and can be used once. If you did not try to sign in, change your password.`,
  },
  fr: {
    subject: 'Votre code de connexion',
    text: (code: string, minutes: number) =>
      `Votre code de vérification pour le Portail de négociation des services :\n\n${code}\n\nIl est valable ${minutes} minutes et ne peut servir qu'une fois. Si vous n'avez pas tenté de vous connecter, changez votre mot de passe.`,
  },
  ar: {
    subject: 'رمز تسجيل الدخول',
    text: (code: string, minutes: number) =>
      `رمز التحقق الخاص بك لبوابة مفاوضات الخدمات:\n\n${code}\n\nالرمز صالح لمدة ${minutes} دقائق ويُستخدم مرة واحدة. إذا لم تحاول تسجيل الدخول، فقم بتغيير كلمة المرور.`,
  },
} as const;

export function codeMail(language: string, code: string, minutes: number) {
  const texts = CODE_MAIL[language as keyof typeof CODE_MAIL] ?? CODE_MAIL.en;
  return { subject: texts.subject, text: texts.text(code, minutes) };
}
