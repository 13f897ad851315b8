import type { CmsText, CmsType } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { cmsEntries } from '../../db/schema/index.js';

type Texts = Record<'en' | 'fr' | 'ar', CmsText>;
const t = (en: [string, string], fr: [string, string], ar: [string, string]): Texts => ({
  en: { title: en[0], summary: '', body: `<p>${en[1]}</p>` },
  fr: { title: fr[0], summary: '', body: `<p>${fr[1]}</p>` },
  ar: { title: ar[0], summary: '', body: `<p>${ar[1]}</p>` },
});

/** Demo content of the public pages, in the three languages; seeded with the demo accounts. */
const DEMO: { key: string; type: CmsType; position: number; texts: Texts; link?: string; eventDate?: string }[] = [
  {
    key: 'about',
    type: 'ABOUT',
    position: 0,
    texts: t(
      [
        'About the portal',
        'The Services Negotiation Portal is where the member states of the African Union prepare, submit and discuss their schedules of specific commitments on trade in services, with the support of the secretariat.',
      ],
      [
        'À propos du portail',
        "Le Portail de négociation des services est l'espace où les États membres de l'Union africaine préparent, soumettent et examinent leurs listes d'engagements spécifiques sur le commerce des services, avec l'appui du secrétariat.",
      ],
      [
        'عن البوابة',
        'بوابة مفاوضات الخدمات هي المكان الذي تعدّ فيه الدول الأعضاء في الاتحاد الأفريقي جداول التزاماتها المحددة في تجارة الخدمات وتقدّمها وتناقشها، بدعم من الأمانة.',
      ],
    ),
  },
  {
    key: 'objective-1',
    type: 'HOME_OBJECTIVES',
    position: 0,
    texts: t(
      [
        'Draft schedules together',
        "A country's chief negotiator and its services focal points draft the conditional initial offer in one shared editor, sector by sector, in the GATS format.",
      ],
      [
        'Rédiger ensemble',
        "Le négociateur en chef d'un pays et ses points focaux services rédigent l'offre initiale conditionnelle dans un même éditeur, secteur par secteur, au format de l'AGCS.",
      ],
      [
        'صياغة الجداول معًا',
        'يصوغ كبير المفاوضين في كل بلد ونقاط الاتصال المعنية بالخدمات العرض الأولي المشروط في محرّر مشترك، قطاعًا بقطاع، وفق صيغة الاتفاق العام بشأن التجارة في الخدمات.',
      ],
    ),
  },
  {
    key: 'objective-2',
    type: 'HOME_OBJECTIVES',
    position: 1,
    texts: t(
      [
        'Submit and validate',
        'Offers are submitted to the secretariat, which validates them or sends them back with its comments. Every submission is kept as a version.',
      ],
      [
        'Soumettre et valider',
        'Les offres sont soumises au secrétariat, qui les valide ou les renvoie avec ses observations. Chaque soumission est conservée comme une version.',
      ],
      [
        'التقديم والاعتماد',
        'تُقدَّم العروض إلى الأمانة التي تعتمدها أو تعيدها مع ملاحظاتها. وتُحفظ كل عملية تقديم بوصفها نسخة.',
      ],
    ),
  },
  {
    key: 'objective-3',
    type: 'HOME_OBJECTIVES',
    position: 2,
    texts: t(
      [
        'Negotiate in the open',
        'Countries answer each other with counter offers, compare offers side by side and talk in negotiation rooms, in English, French and Arabic.',
      ],
      [
        'Négocier en transparence',
        'Les pays se répondent par des contre-offres, comparent les offres côte à côte et échangent dans des salles de négociation, en anglais, en français et en arabe.',
      ],
      [
        'التفاوض بشفافية',
        'تتبادل البلدان العروض المقابلة، وتقارن العروض جنبًا إلى جنب، وتتحاور في غرف التفاوض، بالإنكليزية والفرنسية والعربية.',
      ],
    ),
  },
  {
    key: 'faq-ext-1',
    type: 'FAQ_EXTERNE',
    position: 0,
    texts: t(
      [
        'Who can use the portal?',
        "Negotiators and focal points designated by their country, the regional secretariat and regional advisors. Accounts are created by invitation; ask your country's chief negotiator or the secretariat.",
      ],
      [
        'Qui peut utiliser le portail ?',
        'Les négociateurs et points focaux désignés par leur pays, le secrétariat régional et les conseillers régionaux. Les comptes sont créés sur invitation ; adressez-vous au négociateur en chef de votre pays ou au secrétariat.',
      ],
      [
        'من يمكنه استخدام البوابة؟',
        'المفاوضون ونقاط الاتصال الذين تعيّنهم بلدانهم، والأمانة الإقليمية، والمستشارون الإقليميون. تُنشأ الحسابات بدعوة؛ يُرجى التواصل مع كبير المفاوضين في بلدكم أو مع الأمانة.',
      ],
    ),
  },
  {
    key: 'faq-ext-2',
    type: 'FAQ_EXTERNE',
    position: 1,
    texts: t(
      [
        'Why is a code sent by mail when I sign in?',
        'Sign-in has two steps to protect the negotiations: after your password, enter the six-digit code mailed to you. It is valid for ten minutes and works once.',
      ],
      [
        'Pourquoi un code est-il envoyé par courriel à la connexion ?',
        'La connexion se fait en deux étapes pour protéger les négociations : après votre mot de passe, saisissez le code à six chiffres reçu par courriel. Il est valable dix minutes et ne sert qu’une fois.',
      ],
      [
        'لماذا يُرسل رمز بالبريد عند تسجيل الدخول؟',
        'يتم تسجيل الدخول على خطوتين لحماية المفاوضات: بعد كلمة المرور، أدخل الرمز المكوّن من ستة أرقام المرسل إليك بالبريد. الرمز صالح لعشر دقائق ويُستخدم مرة واحدة.',
      ],
    ),
  },
  {
    key: 'faq-int-1',
    type: 'FAQ',
    position: 0,
    texts: t(
      [
        'Who submits our offer to the secretariat?',
        'Focal points draft; the chief negotiator submits. Once submitted, the offer waits for the secretariat, which validates it or sends it back with a comment.',
      ],
      [
        'Qui soumet notre offre au secrétariat ?',
        "Les points focaux rédigent ; le négociateur en chef soumet. Une fois soumise, l'offre attend la décision du secrétariat, qui la valide ou la renvoie avec un commentaire.",
      ],
      [
        'من يقدّم عرضنا إلى الأمانة؟',
        'تتولى نقاط الاتصال الصياغة، ويتولى كبير المفاوضين التقديم. بعد التقديم ينتظر العرض قرار الأمانة التي تعتمده أو تعيده مع تعليق.',
      ],
    ),
  },
  {
    key: 'faq-int-2',
    type: 'FAQ',
    position: 1,
    texts: t(
      [
        'What does "Unbound*" mean?',
        'Unbound due to lack of technical feasibility: the mode of supply cannot be used for this service, so no commitment is made.',
      ],
      [
        'Que signifie « Non consolidé* » ?',
        "Non consolidé faute de faisabilité technique : le mode de fourniture n'est pas possible pour ce service, aucun engagement n'est donc pris.",
      ],
      [
        'ماذا يعني «غير ملزم*»؟',
        'غير ملزم لعدم الجدوى التقنية: لا يمكن استخدام أسلوب التوريد هذا لهذه الخدمة، فلا يُقدَّم أي التزام.',
      ],
    ),
  },
  {
    key: 'contact-secretariat',
    type: 'CONTACT',
    position: 0,
    link: '/contact-us',
    texts: t(
      [
        'Trade in services unit, secretariat',
        'Write to the secretariat through the contact form; a trade in services officer answers by mail.',
      ],
      [
        'Unité du commerce des services, secrétariat',
        'Écrivez au secrétariat par le formulaire de contact ; un chargé du commerce des services vous répond par courriel.',
      ],
      [
        'وحدة التجارة في الخدمات، الأمانة',
        'راسلوا الأمانة عبر نموذج الاتصال، وسيرد عليكم موظف مختص بالتجارة في الخدمات بالبريد.',
      ],
    ),
  },
  // Legislation: titles only; the secretariat attaches the texts themselves.
  {
    key: 'legislation-agreement',
    type: 'LEGISLATION',
    position: 0,
    texts: t(
      [
        'Agreement Establishing the African Continental Free Trade Area',
        'Signed in Kigali on 21 March 2018; in force since 30 May 2019.',
      ],
      [
        'Accord portant création de la Zone de libre-échange continentale africaine',
        'Signé à Kigali le 21 mars 2018 ; en vigueur depuis le 30 mai 2019.',
      ],
      [
        'الاتفاق المؤسس لمنطقة التجارة الحرة القارية الأفريقية',
        'وُقّع في كيغالي في 21 مارس 2018، ودخل حيز النفاذ في 30 مايو 2019.',
      ],
    ),
  },
  {
    key: 'legislation-services-protocol',
    type: 'LEGISLATION',
    position: 1,
    texts: t(
      [
        'Protocol on Trade in Services',
        'The protocol of the AfCFTA Agreement under which the schedules of specific commitments are negotiated.',
      ],
      [
        'Protocole sur le commerce des services',
        "Le protocole de l'Accord de la ZLECAf dans le cadre duquel les listes d'engagements spécifiques sont négociées.",
      ],
      [
        'البروتوكول المتعلق بالتجارة في الخدمات',
        'بروتوكول اتفاق منطقة التجارة الحرة القارية الأفريقية الذي تُتفاوض في إطاره جداول الالتزامات المحددة.',
      ],
    ),
  },
];

/** Adds the demo content that is missing (by its seed key); never touches content the secretariat wrote. */
export async function seedDemoContent(db: Db): Promise<number> {
  const rows = await db
    .insert(cmsEntries)
    .values(
      DEMO.map((d) => ({
        type: d.type,
        position: d.position,
        texts: d.texts,
        link: d.link ?? null,
        eventDate: d.eventDate ?? null,
        seedKey: `demo:${d.key}`,
      })),
    )
    .onConflictDoNothing({ target: cmsEntries.seedKey })
    .returning({ id: cmsEntries.id });
  return rows.length;
}
