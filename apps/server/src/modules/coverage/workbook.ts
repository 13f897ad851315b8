import { COMMITMENT_CLASSES, type Coverage, type Language } from '@portal/shared';
import { writeXlsx, type Row } from '../../lib/xlsx/write.js';

/** The words of the export in each language (fixed schedule terms as the WTO's schedules word them). */
const LABELS = {
  en: {
    sheet: 'Coverage',
    offersSheet: 'Offers counted',
    code: 'Code',
    sector: 'Sector',
    units: 'Counted',
    ma: 'Market access',
    nt: 'National treatment',
    mode: 'Mode',
    classes: { full: 'Full (None)', partial: 'Partial', unbound: 'Unbound', notScheduled: 'Not scheduled' },
    country: 'Country',
    status: 'Status',
    version: 'Version',
  },
  fr: {
    sheet: 'Couverture',
    offersSheet: 'Offres comptées',
    code: 'Code',
    sector: 'Secteur',
    units: 'Comptés',
    ma: 'Accès aux marchés',
    nt: 'Traitement national',
    mode: 'Mode',
    classes: { full: 'Complet (Néant)', partial: 'Partiel', unbound: 'Non consolidé', notScheduled: 'Non inscrit' },
    country: 'Pays',
    status: 'Statut',
    version: 'Version',
  },
  ar: {
    sheet: 'التغطية',
    offersSheet: 'العروض المحسوبة',
    code: 'الرمز',
    sector: 'القطاع',
    units: 'المحسوب',
    ma: 'النفاذ إلى الأسواق',
    nt: 'المعاملة الوطنية',
    mode: 'الأسلوب',
    classes: { full: 'كامل (لا يوجد)', partial: 'جزئي', unbound: 'غير ملزم', notScheduled: 'غير مدرج' },
    country: 'البلد',
    status: 'الحالة',
    version: 'النسخة',
  },
} as const;

/**
 * The coverage matrix as an .xlsx workbook: one row per sector, and for market access then national treatment, modes
 * 1 to 4, the four counts (full, partial, unbound, not scheduled); a second sheet lists the offers counted. Arabic
 * sheets are right-to-left; codes and numbers stay in their cells as written.
 */
export async function coverageWorkbook(coverage: Coverage, lang: Language): Promise<Buffer> {
  const l = LABELS[lang];
  const bold = { bold: true };
  const perBlock = 4 * COMMITMENT_CLASSES.length;
  const blocks = [l.ma, l.nt];
  const head: Row[] = [
    { cells: [l.code, l.sector, l.units, ...blocks.map((b) => ({ value: b, span: perBlock }))], style: bold },
    {
      cells: ['', '', '', ...blocks.flatMap(() => [1, 2, 3, 4].map((m) => ({ value: `${l.mode} ${m}`, span: 4 })))],
      style: bold,
    },
    {
      cells: ['', '', '', ...Array.from({ length: 8 }, () => COMMITMENT_CLASSES.map((c) => l.classes[c])).flat()],
      style: bold,
    },
  ];
  const rows = coverage.rows.map((row) => [
    row.code,
    row.title[lang],
    row.units,
    ...[...row.marketAccess, ...row.nationalTreatment].flatMap((c) => COMMITMENT_CLASSES.map((k) => c[k])),
  ]);
  return writeXlsx({
    creator: 'Services negotiation portal',
    sheets: [
      {
        name: l.sheet,
        widths: [8, 44],
        rows: [...head, ...rows],
        freeze: { rows: 3, columns: 3 },
        rightToLeft: lang === 'ar',
      },
      {
        name: l.offersSheet,
        widths: [undefined, 30],
        rows: [
          { cells: [l.code, l.country, l.status, l.version], style: bold },
          ...coverage.offers.map((o) => [o.countryCode, o.countryName, o.status, o.versionNumber]),
        ],
        rightToLeft: lang === 'ar',
      },
    ],
  });
}
