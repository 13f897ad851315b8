/** The invitation mail in the inviter's language (the invitee's is not known yet). */
const INVITATION = {
  en: {
    subject: 'You are invited to the Services Negotiation Portal',
    text: (name: string, link: string, days: number) =>
      `Dear ${name},\n\nYou have been invited to join the Services Negotiation Portal of the African Union.\nChoose your password here (the link is valid for ${days} days):\n\n${link}\n`,
  },
  fr: {
    subject: 'Invitation au Portail de négociation des services',
    text: (name: string, link: string, days: number) =>
      `Madame, Monsieur ${name},\n\nVous êtes invité(e) à rejoindre le Portail de négociation des services de l'Union africaine.\nChoisissez votre mot de passe ici (lien valable ${days} jours) :\n\n${link}\n`,
  },
  ar: {
    subject: 'دعوة إلى بوابة مفاوضات الخدمات',
    text: (name: string, link: string, days: number) =>
      `السيد/السيدة ${name}،\n\nتمت دعوتك للانضمام إلى بوابة مفاوضات الخدمات التابعة للاتحاد الأفريقي.\nاختر كلمة المرور من هنا (الرابط صالح لمدة ${days} يومًا):\n\n${link}\n`,
  },
} as const;

export function invitationMail(language: string, name: string, link: string, days: number) {
  const texts = INVITATION[language as keyof typeof INVITATION] ?? INVITATION.en;
  return { subject: texts.subject, text: texts.text(name, link, days) };
}
