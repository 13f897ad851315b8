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

/** The mail telling an owner that sign-ins to their address failed; the account is not locked. */
const FAILED_ATTEMPTS_MAIL = {
  en: {
    subject: 'Failed sign-in attempts on your account',
    text: (count: number) =>
      `${count} attempts to sign in to your Services Negotiation Portal account with a wrong password or code were made in the last minutes.\n\nYour account is not locked: you can sign in as usual. Further attempts now require the browser to pass a check. If these attempts were not yours, nobody has signed in; consider changing your password.`,
  },
  fr: {
    subject: 'Tentatives de connexion échouées sur votre compte',
    text: (count: number) =>
      `${count} tentatives de connexion à votre compte du Portail de négociation des services avec un mot de passe ou un code erroné ont eu lieu ces dernières minutes.\n\nVotre compte n'est pas bloqué : vous pouvez vous connecter normalement. Les tentatives suivantes exigent désormais une vérification du navigateur. Si ces tentatives ne viennent pas de vous, personne ne s'est connecté ; pensez à changer votre mot de passe.`,
  },
  ar: {
    subject: 'محاولات فاشلة لتسجيل الدخول إلى حسابك',
    text: (count: number) =>
      `جرت ${count} محاولات لتسجيل الدخول إلى حسابك في بوابة مفاوضات الخدمات بكلمة مرور أو رمز خاطئ خلال الدقائق الأخيرة.\n\nحسابك غير مقفل، ويمكنك تسجيل الدخول كالمعتاد. تتطلب المحاولات التالية الآن التحقق من المتصفح. إذا لم تكن هذه المحاولات منك، فلم يسجّل أحد الدخول؛ ننصحك بتغيير كلمة المرور.`,
  },
} as const;

export function failedAttemptsMail(language: string, count: number) {
  const texts = FAILED_ATTEMPTS_MAIL[language as keyof typeof FAILED_ATTEMPTS_MAIL] ?? FAILED_ATTEMPTS_MAIL.en;
  return { subject: texts.subject, text: texts.text(count) };
}

/** The mail telling an owner their password was changed (from their profile or by a reset link). */
const PASSWORD_CHANGED_MAIL = {
  en: {
    subject: 'Your password has been changed',
    text: (name: string, resetLink: string) =>
      `Dear ${name},\n\nThe password of your Services Negotiation Portal account has just been changed, and your sessions on other devices have been signed out.\n\nIf you did not change it, choose a new password at once here and tell the secretariat:\n\n${resetLink}\n`,
  },
  fr: {
    subject: 'Votre mot de passe a été modifié',
    text: (name: string, resetLink: string) =>
      `Madame, Monsieur ${name},\n\nLe mot de passe de votre compte du Portail de négociation des services vient d'être modifié, et vos sessions sur d'autres appareils ont été fermées.\n\nSi vous n'êtes pas à l'origine de ce changement, choisissez immédiatement un nouveau mot de passe ici et prévenez le secrétariat :\n\n${resetLink}\n`,
  },
  ar: {
    subject: 'تم تغيير كلمة المرور الخاصة بك',
    text: (name: string, resetLink: string) =>
      `السيد/السيدة ${name}،\n\nتم للتو تغيير كلمة مرور حسابك في بوابة مفاوضات الخدمات، وتم تسجيل خروج جلساتك على الأجهزة الأخرى.\n\nإذا لم تقم بتغييرها، فاختر فورًا كلمة مرور جديدة من هنا وأبلغ الأمانة:\n\n${resetLink}\n`,
  },
} as const;

export function passwordChangedMail(language: string, name: string, resetLink: string) {
  const texts = PASSWORD_CHANGED_MAIL[language as keyof typeof PASSWORD_CHANGED_MAIL] ?? PASSWORD_CHANGED_MAIL.en;
  return { subject: texts.subject, text: texts.text(name, resetLink) };
}
