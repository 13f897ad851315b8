import { greeting, inLanguage } from '../../providers/mail/content.js';

/** The sign-in code mail in the recipient's language. */
export const codeMail = inLanguage<[code: string, minutes: number]>({
  en: (code, minutes) => ({
    subject: 'Your sign-in code',
    body: [
      'Your verification code for the Services Negotiation Portal:',
      { code },
      `It is valid for ${minutes} minutes and can be used once. If you did not try to sign in, change your password.`,
    ],
  }),
  fr: (code, minutes) => ({
    subject: 'Votre code de connexion',
    body: [
      'Votre code de vérification pour le Portail de négociation des services :',
      { code },
      `Il est valable ${minutes} minutes et ne peut servir qu'une fois. Si vous n'avez pas tenté de vous connecter, changez votre mot de passe.`,
    ],
  }),
  ar: (code, minutes) => ({
    subject: 'رمز تسجيل الدخول',
    body: [
      'رمز التحقق الخاص بك لبوابة مفاوضات الخدمات:',
      { code },
      `الرمز صالح لمدة ${minutes} دقائق ويُستخدم مرة واحدة. إذا لم تحاول تسجيل الدخول، فقم بتغيير كلمة المرور.`,
    ],
  }),
});

/** The mail telling an owner that sign-ins to their address failed; the account is not locked. */
export const failedAttemptsMail = inLanguage<[count: number]>({
  en: (count) => ({
    subject: 'Failed sign-in attempts on your account',
    body: [
      `${count} attempts to sign in to your Services Negotiation Portal account with a wrong password or code were made in the last minutes.`,
      'Your account is not locked: you can sign in as usual. Further attempts now require the browser to pass a check. If these attempts were not yours, nobody has signed in; consider changing your password.',
    ],
  }),
  fr: (count) => ({
    subject: 'Tentatives de connexion échouées sur votre compte',
    body: [
      `${count} tentatives de connexion à votre compte du Portail de négociation des services avec un mot de passe ou un code erroné ont eu lieu ces dernières minutes.`,
      "Votre compte n'est pas bloqué : vous pouvez vous connecter normalement. Les tentatives suivantes exigent désormais une vérification du navigateur. Si ces tentatives ne viennent pas de vous, personne ne s'est connecté ; pensez à changer votre mot de passe.",
    ],
  }),
  ar: (count) => ({
    subject: 'محاولات فاشلة لتسجيل الدخول إلى حسابك',
    body: [
      `جرت ${count} محاولات لتسجيل الدخول إلى حسابك في بوابة مفاوضات الخدمات بكلمة مرور أو رمز خاطئ خلال الدقائق الأخيرة.`,
      'حسابك غير مقفل، ويمكنك تسجيل الدخول كالمعتاد. تتطلب المحاولات التالية الآن التحقق من المتصفح. إذا لم تكن هذه المحاولات منك، فلم يسجّل أحد الدخول؛ ننصحك بتغيير كلمة المرور.',
    ],
  }),
});

/** The mail telling an owner their password was changed (from their profile or by a reset link). */
export const passwordChangedMail = inLanguage<[name: string, resetLink: string]>({
  en: (name, url) => ({
    subject: 'Your password has been changed',
    greeting: greeting('en', name),
    body: [
      'The password of your Services Negotiation Portal account has just been changed, and your sessions on other devices have been signed out.',
      'If you did not change it, choose a new password at once and tell the secretariat.',
      { action: { label: 'Choose a new password', url } },
    ],
  }),
  fr: (name, url) => ({
    subject: 'Votre mot de passe a été modifié',
    greeting: greeting('fr', name),
    body: [
      "Le mot de passe de votre compte du Portail de négociation des services vient d'être modifié, et vos sessions sur d'autres appareils ont été fermées.",
      "Si vous n'êtes pas à l'origine de ce changement, choisissez immédiatement un nouveau mot de passe et prévenez le secrétariat.",
      { action: { label: 'Choisir un nouveau mot de passe', url } },
    ],
  }),
  ar: (name, url) => ({
    subject: 'تم تغيير كلمة المرور الخاصة بك',
    greeting: greeting('ar', name),
    body: [
      'تم للتو تغيير كلمة مرور حسابك في بوابة مفاوضات الخدمات، وتم تسجيل خروج جلساتك على الأجهزة الأخرى.',
      'إذا لم تقم بتغييرها، فاختر فورًا كلمة مرور جديدة وأبلغ الأمانة.',
      { action: { label: 'اختيار كلمة مرور جديدة', url } },
    ],
  }),
});
