/**
 * The fixed vocabulary of GATS-style schedules in the three languages of the portal, as the WTO's French and Arabic
 * schedules word them (moved here from the server's glossary so that screens, translation and generated documents
 * share one list). A legal text is never altered: a fixed term is translated only when a whole value IS that term
 * (`translateFixedTerm`); a sentence that merely contains one is free text, for a translation provider or left as is.
 */
import type { Language } from '../constants.js';

type ScheduleTerm = Record<Language, string>;

export const SCHEDULE_TERMS: readonly ScheduleTerm[] = [
  { en: 'Conditional initial offer', fr: 'Offre initiale conditionnelle', ar: 'العرض الأولي المشروط' },
  { en: 'Counter offer', fr: 'Contre-offre', ar: 'عرض مضاد' },
  { en: 'Horizontal commitments', fr: 'Engagements horizontaux', ar: 'الالتزامات الأفقية' },
  { en: 'Sector-specific commitments', fr: 'Engagements spécifiques par secteur', ar: 'الالتزامات القطاعية المحددة' },
  { en: 'Additional commitments', fr: 'Engagements additionnels', ar: 'الالتزامات الإضافية' },
  {
    en: 'Limitations on market access',
    fr: "Limitations concernant l'accès aux marchés",
    ar: 'القيود على النفاذ إلى الأسواق',
  },
  {
    en: 'Limitations on national treatment',
    fr: 'Limitations concernant le traitement national',
    ar: 'القيود على المعاملة الوطنية',
  },
  { en: 'Market access', fr: 'Accès aux marchés', ar: 'النفاذ إلى الأسواق' },
  { en: 'National treatment', fr: 'Traitement national', ar: 'المعاملة الوطنية' },
  { en: 'MFN exemptions', fr: 'Exemptions NPF', ar: 'الإعفاءات من معاملة الدولة الأولى بالرعاية' },
  { en: 'Cross-border supply', fr: 'Fourniture transfrontières', ar: 'التوريد عبر الحدود' },
  { en: 'Consumption abroad', fr: "Consommation à l'étranger", ar: 'الاستهلاك في الخارج' },
  { en: 'Commercial presence', fr: 'Présence commerciale', ar: 'الوجود التجاري' },
  { en: 'Presence of natural persons', fr: 'Présence de personnes physiques', ar: 'وجود الأشخاص الطبيعيين' },
  { en: 'Mode of supply', fr: 'Mode de fourniture', ar: 'أسلوب التوريد' },
  { en: 'Modes of supply', fr: 'Modes de fourniture', ar: 'أساليب التوريد' },
  { en: 'Unbound*', fr: 'Non consolidé*', ar: 'غير ملزم*' },
  { en: 'Unbound', fr: 'Non consolidé', ar: 'غير ملزم' },
  { en: 'None', fr: 'Néant', ar: 'لا يوجد' },
  { en: 'Business services', fr: 'Services fournis aux entreprises', ar: 'خدمات الأعمال' },
  { en: 'Communication services', fr: 'Services de communication', ar: 'خدمات الاتصالات' },
  { en: 'Construction services', fr: 'Services de construction', ar: 'خدمات البناء' },
  { en: 'Distribution services', fr: 'Services de distribution', ar: 'خدمات التوزيع' },
  { en: 'Educational services', fr: "Services d'éducation", ar: 'الخدمات التعليمية' },
  { en: 'Environmental services', fr: "Services concernant l'environnement", ar: 'الخدمات البيئية' },
  { en: 'Financial services', fr: 'Services financiers', ar: 'الخدمات المالية' },
  { en: 'Health services', fr: 'Services de santé', ar: 'الخدمات الصحية' },
  { en: 'Tourism services', fr: 'Services relatifs au tourisme', ar: 'خدمات السياحة' },
  { en: 'Recreational services', fr: 'Services récréatifs', ar: 'الخدمات الترفيهية' },
  { en: 'Transport services', fr: 'Services de transport', ar: 'خدمات النقل' },
  { en: 'Subsector', fr: 'Sous-secteur', ar: 'قطاع فرعي' },
  { en: 'Sector', fr: 'Secteur', ar: 'قطاع' },
  { en: 'Commitment', fr: 'Engagement', ar: 'التزام' },
  { en: 'Commitments', fr: 'Engagements', ar: 'التزامات' },
  { en: 'Offer', fr: 'Offre', ar: 'عرض' },
  { en: 'Request', fr: 'Demande', ar: 'طلب' },
  { en: 'Schedule', fr: 'Liste', ar: 'جدول' },
  { en: 'Thank you', fr: 'Merci', ar: 'شكرا' },
  { en: 'Hello', fr: 'Bonjour', ar: 'مرحبا' },
  { en: 'Yes', fr: 'Oui', ar: 'نعم' },
  { en: 'No', fr: 'Non', ar: 'لا' },
  { en: 'In progress', fr: 'En cours', ar: 'قيد الإعداد' },
  { en: 'Initial offer', fr: 'Offre initiale', ar: 'العرض الأولي' },
  { en: 'Revised offer', fr: 'Offre révisée', ar: 'العرض المنقح' },
  { en: 'Final offer', fr: 'Offre finale', ar: 'العرض النهائي' },
  { en: 'Returned', fr: 'Renvoyée', ar: 'مُعاد' },
  { en: 'Sector or subsector', fr: 'Secteur ou sous-secteur', ar: 'القطاع أو القطاع الفرعي' },
  { en: 'Schedule of specific commitments', fr: "Liste d'engagements spécifiques", ar: 'جدول الالتزامات المحددة' },
  {
    en: 'Unbound except as indicated in the horizontal section',
    fr: 'Non consolidé, sauf indications figurant dans la section horizontale',
    ar: 'غير ملزم إلا على النحو المبين في القسم الأفقي',
  },
  {
    en: 'All sectors included in this schedule',
    fr: 'Tous les secteurs inclus dans la présente liste',
    ar: 'جميع القطاعات المدرجة في هذا الجدول',
  },
  {
    en: 'Description of measure indicating its inconsistency with Article II',
    fr: "Description de la mesure et de son incompatibilité avec l'article II",
    ar: 'وصف التدبير مع بيان عدم اتساقه مع المادة الثانية',
  },
  {
    en: 'Countries to which the measure applies',
    fr: "Pays auxquels la mesure s'applique",
    ar: 'الدول التي ينطبق عليها التدبير',
  },
  { en: 'Intended duration', fr: 'Durée prévue', ar: 'المدة المقررة' },
  {
    en: 'Conditions creating the need for the exemption',
    fr: "Conditions qui rendent l'exemption nécessaire",
    ar: 'الظروف التي تستدعي الإعفاء',
  },
  { en: 'Validated', fr: 'Validée', ar: 'مُعتمد' },
  {
    en: 'Unbound due to lack of technical feasibility',
    fr: 'Non consolidé en raison de l’absence de faisabilité technique',
    ar: 'غير ملزم لعدم الجدوى الفنية',
  },
];

/**
 * The usual other spellings of the standard phrases in schedules (S/L/92 and the schedules filed since), each read as
 * the phrase it stands for. Commas, a final full stop, case and spacing are already ignored by the look-up.
 */
const SCHEDULE_VARIANTS: readonly { of: string; spellings: readonly string[] }[] = [
  {
    of: 'Unbound except as indicated in the horizontal section',
    spellings: [
      'Unbound except as indicated in horizontal section',
      'Unbound except as indicated in the horizontal commitments',
      'Unbound except as indicated in horizontal commitments',
      'Unbound except as indicated in the horizontal part',
      'Unbound except as indicated in Part I',
      'Non consolidé sauf indications figurant dans la partie horizontale',
      'Non consolidé sauf indication contraire figurant dans la section horizontale',
      'Non consolidé sauf indication contraire dans la section horizontale',
      'Non consolidé sauf ce qui est indiqué dans la section horizontale',
      'Non consolidé sauf ce qui est indiqué dans les engagements horizontaux',
      'غير ملزم باستثناء ما هو مبين في القسم الأفقي',
      'غير ملزم إلا كما هو مبين في القسم الأفقي',
    ],
  },
  { of: 'Unbound*', spellings: ['Unbound (*)', 'Non consolidé (*)'] },
  { of: 'Unbound', spellings: ['Not bound'] },
  { of: 'None', spellings: ['Aucune', 'Aucun'] },
  { of: 'Unbound due to lack of technical feasibility', spellings: ['Unbound owing to lack of technical feasibility'] },
];

/** A single wrapping paragraph of rich text (`<p>None</p>`) is kept around a translated term. */
const WRAPPED = /^(\s*(?:<p>\s*)?)(.*?)(\s*(?:<\/p>)?\s*)$/s;

/** Fixed terms by their spelling in any language (lower case), for a whole-value lookup. */
export type FixedTermIndex = ReadonlyMap<string, ScheduleTerm>;

/**
 * An index of more fixed terms than the schedule's own: the server adds the country names and the W/120 titles of
 * data/reference, which it holds (a term with an empty spelling in a language is indexed in the others).
 */
export function fixedTermIndex(terms: Iterable<ScheduleTerm>): FixedTermIndex {
  const index = new Map<string, ScheduleTerm>();
  for (const term of terms)
    for (const language of ['en', 'fr', 'ar'] as const) {
      const key = lookupKey(term[language]);
      // The first meaning wins where two languages share a spelling ("Burkina Faso").
      if (key && !index.has(key)) index.set(key, term);
    }
  return index;
}

/**
 * A spelling as looked up: case, runs of spaces, commas and one final full stop do not change a phrase
 * ("Unbound, except as indicated in the horizontal section." is the standard phrase), nor a space before its
 * asterisk ("Unbound *").
 */
function lookupKey(text: string): string {
  return text
    .trim()
    .toLocaleLowerCase()
    .replace(/\s*[,،]\s*/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ (\*|\(\*\))$/, '$1')
    .replace(/\(\*\)$/, '*')
    .replace(/\.$/, '')
    .trim();
}

const byText = (() => {
  const index = new Map(fixedTermIndex(SCHEDULE_TERMS));
  for (const { of, spellings } of SCHEDULE_VARIANTS) {
    const term = index.get(lookupKey(of))!;
    for (const spelling of spellings) index.set(lookupKey(spelling), term);
  }
  return index;
})();

/**
 * The fixed term a whole value is, in any of the three languages, or undefined when the value is free text. `more`
 * adds terms (country names, W/120 titles) after the schedule's own.
 */
export function findFixedTerm(value: string, more?: FixedTermIndex): ScheduleTerm | undefined {
  const inner = lookupKey(WRAPPED.exec(value)?.[2] ?? value);
  return byText.get(inner) ?? more?.get(inner);
}

/**
 * The value in `target` when the whole value is a fixed term of the schedule (keeping a wrapping paragraph), else
 * undefined: the caller leaves it as written or sends it whole to a translation provider.
 */
export function translateFixedTerm(value: string, target: Language, more?: FixedTermIndex): string | undefined {
  const term = findFixedTerm(value, more);
  if (!term?.[target]) return undefined;
  const [, before = '', inner = '', after = ''] = WRAPPED.exec(value) ?? [];
  // A final full stop written after the phrase ("None.") is kept after its translation ("Néant.").
  const stop = /\.$/.test(inner.trim()) && !term[target].endsWith('.') ? '.' : '';
  return `${before}${term[target]}${stop}${after}`;
}
