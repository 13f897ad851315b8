/**
 * The words of a document of record in each language. Terms of the schedule (column headings, modes, Unbound…) come
 * from the shared vocabulary (packages/shared offers/vocabulary.ts) so that screens, translation and files agree;
 * what only a document says (its heading, "was:", the footnote) is written here.
 */
import { translateFixedTerm, type Language } from '@portal/shared';

/** A schedule term in a language; the English wording when the vocabulary does not hold it (a programming slip). */
export function term(english: string, language: Language): string {
  return translateFixedTerm(english, language) ?? english;
}

export type DocumentKind = 'initial' | 'revised' | 'final' | 'counter';

interface DocumentWords {
  /** "<COUNTRY> — SCHEDULE OF SPECIFIC COMMITMENTS" */
  heading: (country: string) => string;
  counterBy: (country: string) => string;
  version: (n: number) => string;
  draft: string;
  answering: (n: number) => string;
  date: (date: string) => string;
  openingStatement: string;
  legendTitle: string;
  sectorSection: string;
  noRows: string;
  noService: string;
  was: string;
  /** How a counter offer marks its changes. */
  changesNote: string;
  /** After the mark of a text left in the language it was written in. */
  untranslatedNote: string;
  gatsPlus: string;
  afcftaPlus: string;
  /** The footnote for Unbound*, as WTO schedules word it. */
  footnote: string;
  mfn: [string, string, string, string, string];
}

export const WORDS: Record<Language, DocumentWords> = {
  en: {
    heading: (c) => `${c.toLocaleUpperCase('en')} — SCHEDULE OF SPECIFIC COMMITMENTS`,
    counterBy: (c) => `Counter offer by ${c}`,
    version: (n) => `Version ${n}`,
    draft: 'Draft (not submitted)',
    answering: (n) => `answering version ${n}`,
    date: (d) => `Date: ${d}`,
    openingStatement: 'Opening statement',
    legendTitle: 'Modes of supply',
    sectorSection: 'Sector-specific commitments',
    noRows: 'None listed',
    noService: 'Sector not chosen',
    was: 'was:',
    changesNote: 'Entries changed by the counter offer are highlighted; the original follows “was:”.',
    untranslatedNote: 'Text in the language it was written in: not translated.',
    gatsPlus: 'GATS+',
    afcftaPlus: 'AfCFTA+',
    footnote: '* Unbound due to lack of technical feasibility.',
    mfn: [
      'Sector or subsector',
      'Description of measure indicating its inconsistency with Article II',
      'Countries to which the measure applies',
      'Intended duration',
      'Conditions creating the need for the exemption',
    ],
  },
  fr: {
    heading: (c) => `${c.toLocaleUpperCase('fr')} — LISTE D'ENGAGEMENTS SPÉCIFIQUES`,
    counterBy: (c) => `Contre-offre présentée par : ${c}`,
    version: (n) => `Version ${n}`,
    draft: 'Projet (non soumis)',
    answering: (n) => `en réponse à la version ${n}`,
    date: (d) => `Date : ${d}`,
    openingStatement: 'Déclaration liminaire',
    legendTitle: 'Modes de fourniture',
    sectorSection: 'Engagements spécifiques par secteur',
    noRows: 'Néant',
    noService: 'Secteur non choisi',
    was: 'antérieurement :',
    changesNote: 'Les entrées modifiées par la contre-offre sont surlignées ; l’original suit « antérieurement : ».',
    untranslatedNote: 'Texte dans la langue de sa rédaction : non traduit.',
    gatsPlus: 'AGCS+',
    afcftaPlus: 'ZLECAf+',
    footnote: '* Non consolidé en raison de l’absence de faisabilité technique.',
    mfn: [
      'Secteur ou sous-secteur',
      "Description de la mesure et de son incompatibilité avec l'article II",
      "Pays auxquels la mesure s'applique",
      'Durée prévue',
      "Conditions qui rendent l'exemption nécessaire",
    ],
  },
  ar: {
    heading: (c) => `${c} — جدول الالتزامات المحددة`,
    counterBy: (c) => `عرض مضاد مقدَّم من: ${c}`,
    version: (n) => `الإصدار ${n}`,
    draft: 'مسودة (لم تُقدَّم)',
    answering: (n) => `ردًا على الإصدار ${n}`,
    date: (d) => `التاريخ: ${d}`,
    openingStatement: 'البيان الافتتاحي',
    legendTitle: 'أساليب التوريد',
    sectorSection: 'الالتزامات القطاعية المحددة',
    noRows: 'لا يوجد',
    noService: 'لم يُختر القطاع',
    was: 'كان:',
    changesNote: 'الإدخالات التي عدّلها العرض المضاد مظلّلة، ويليها الأصل بعد «كان:».',
    untranslatedNote: 'نص باللغة التي كُتب بها: لم يُترجم.',
    gatsPlus: 'الاتفاق العام+',
    afcftaPlus: 'منطقة التجارة الحرة القارية+',
    footnote: '* غير ملزم لعدم الجدوى الفنية.',
    mfn: [
      'القطاع أو القطاع الفرعي',
      'وصف التدبير مع بيان عدم اتساقه مع المادة الثانية',
      'الدول التي ينطبق عليها التدبير',
      'المدة المقررة',
      'الظروف التي تستدعي الإعفاء',
    ],
  },
};

/** The kind of a document in a language ("Conditional initial offer", "Counter offer by Senegal"). */
export function kindLabel(kind: DocumentKind, language: Language, counterCountry = ''): string {
  if (kind === 'counter') return WORDS[language].counterBy(counterCountry);
  const english = { initial: 'Conditional initial offer', revised: 'Revised offer', final: 'Final offer' }[kind];
  return term(english, language);
}

/** The kind in a file name, always in English words (file names travel between systems). */
export const KIND_SLUG: Record<DocumentKind, string> = {
  initial: 'conditional-initial-offer',
  revised: 'revised-offer',
  final: 'final-offer',
  counter: 'counter-offer',
};
