import { inLanguage } from '../../providers/mail/content.js';

/** The newsletter's confirmation mail (double opt-in) in the visitor's language. */
export const confirmMail = inLanguage<[confirmLink: string, unsubscribeLink: string, hours: number]>({
  en: (confirm, unsubscribe, hours) => ({
    subject: 'Confirm your subscription to the newsletter',
    greeting: 'Hello,',
    body: [
      'Someone (we hope you) asked to receive the newsletter of the Services Negotiation Portal at this address.',
      `To confirm, open this link (valid for ${hours} hours).`,
      { action: { label: 'Confirm my subscription', url: confirm } },
      'Nothing else will be sent to you until you confirm. If you did not ask for it, ignore this mail, or remove your address now; this link also unsubscribes you at any time later.',
      { link: { label: 'Remove my address', url: unsubscribe } },
    ],
  }),
  fr: (confirm, unsubscribe, hours) => ({
    subject: "Confirmez votre abonnement à la lettre d'information",
    greeting: 'Bonjour,',
    body: [
      "Une demande d'abonnement à la lettre d'information du Portail de négociation des services a été faite pour cette adresse.",
      `Pour la confirmer, ouvrez ce lien (valable ${hours} heures).`,
      { action: { label: 'Confirmer mon abonnement', url: confirm } },
      "Rien d'autre ne vous sera envoyé tant que vous n'aurez pas confirmé. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message, ou retirez votre adresse dès maintenant ; ce lien vous désabonne aussi à tout moment par la suite.",
      { link: { label: 'Retirer mon adresse', url: unsubscribe } },
    ],
  }),
  ar: (confirm, unsubscribe, hours) => ({
    subject: 'أكّد اشتراكك في النشرة الإخبارية',
    greeting: 'مرحبًا،',
    body: [
      'طُلب الاشتراك في النشرة الإخبارية لبوابة مفاوضات الخدمات بهذا العنوان.',
      `لتأكيد الاشتراك، افتح هذا الرابط (صالح لمدة ${hours} ساعة).`,
      { action: { label: 'تأكيد اشتراكي', url: confirm } },
      'لن يُرسل إليك أي شيء آخر ما لم تؤكّد. إذا لم تطلب ذلك، فتجاهل هذه الرسالة، أو احذف عنوانك الآن؛ يتيح لك هذا الرابط أيضًا إلغاء الاشتراك في أي وقت لاحقًا.',
      { link: { label: 'حذف عنواني', url: unsubscribe } },
    ],
  }),
});
