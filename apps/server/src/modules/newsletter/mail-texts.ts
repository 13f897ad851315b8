/** The newsletter's confirmation mail (double opt-in) in the visitor's language. */
const CONFIRM_MAIL = {
  en: {
    subject: 'Confirm your subscription to the newsletter',
    text: (confirm: string, unsubscribe: string, hours: number) =>
      `Hello,\n\nSomeone (we hope you) asked to receive the newsletter of the Services Negotiation Portal at this address.\nTo confirm, open this link (valid for ${hours} hours):\n\n${confirm}\n\nNothing else will be sent to you until you confirm. If you did not ask for it, ignore this mail, or remove your address now:\n\n${unsubscribe}\n\nThis link also unsubscribes you at any time later.\n`,
  },
  fr: {
    subject: "Confirmez votre abonnement à la lettre d'information",
    text: (confirm: string, unsubscribe: string, hours: number) =>
      `Bonjour,\n\nUne demande d'abonnement à la lettre d'information du Portail de négociation des services a été faite pour cette adresse.\nPour la confirmer, ouvrez ce lien (valable ${hours} heures) :\n\n${confirm}\n\nRien d'autre ne vous sera envoyé tant que vous n'aurez pas confirmé. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message, ou retirez votre adresse dès maintenant :\n\n${unsubscribe}\n\nCe lien vous désabonne aussi à tout moment par la suite.\n`,
  },
  ar: {
    subject: 'أكّد اشتراكك في النشرة الإخبارية',
    text: (confirm: string, unsubscribe: string, hours: number) =>
      `مرحبًا،\n\nطُلب الاشتراك في النشرة الإخبارية لبوابة مفاوضات الخدمات بهذا العنوان.\nلتأكيد الاشتراك، افتح هذا الرابط (صالح لمدة ${hours} ساعة):\n\n${confirm}\n\nلن يُرسل إليك أي شيء آخر ما لم تؤكّد. إذا لم تطلب ذلك، فتجاهل هذه الرسالة، أو احذف عنوانك الآن:\n\n${unsubscribe}\n\nيتيح لك هذا الرابط أيضًا إلغاء الاشتراك في أي وقت لاحقًا.\n`,
  },
} as const;

export function confirmMail(language: string, confirmLink: string, unsubscribeLink: string, hours: number) {
  const texts = CONFIRM_MAIL[language as keyof typeof CONFIRM_MAIL] ?? CONFIRM_MAIL.en;
  return { subject: texts.subject, text: texts.text(confirmLink, unsubscribeLink, hours) };
}
