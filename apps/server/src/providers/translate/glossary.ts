/**
 * Schedule vocabulary of GATS-style offers in the three languages of the portal, as the WTO's French and
 * Arabic schedules word them. The embedded translator uses it: whole terms are replaced, free text is not.
 */
export type GlossaryLanguage = 'en' | 'fr' | 'ar';
export type GlossaryEntry = Record<GlossaryLanguage, string>;

export const GLOSSARY: GlossaryEntry[] = [
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
];
