import ExcelJS from 'exceljs';
import { COMMITMENT_CLASSES, type Coverage, type Language } from '@portal/shared';

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
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Services negotiation portal';
  const views = [{ rightToLeft: lang === 'ar', state: 'frozen' as const, xSplit: 3, ySplit: 3 }];
  const ws = wb.addWorksheet(l.sheet, { views });
  const perBlock = 4 * COMMITMENT_CLASSES.length;
  const blocks = [l.ma, l.nt];
  ws.addRow([l.code, l.sector, l.units, ...blocks.flatMap((b) => [b, ...Array(perBlock - 1).fill('')])]);
  ws.addRow(['', '', '', ...blocks.flatMap(() => [1, 2, 3, 4].flatMap((m) => [`${l.mode} ${m}`, '', '', '']))]);
  ws.addRow(['', '', '', ...Array.from({ length: 8 }, () => COMMITMENT_CLASSES.map((c) => l.classes[c])).flat()]);
  for (let b = 0; b < 2; b++) {
    const start = 4 + b * perBlock;
    ws.mergeCells(1, start, 1, start + perBlock - 1);
    for (let m = 0; m < 4; m++) ws.mergeCells(2, start + m * 4, 2, start + m * 4 + 3);
  }
  for (const r of [1, 2, 3]) ws.getRow(r).font = { bold: true };
  for (const row of coverage.rows) {
    const counts = [...row.marketAccess, ...row.nationalTreatment].flatMap((c) => COMMITMENT_CLASSES.map((k) => c[k]));
    ws.addRow([row.code, row.title[lang], row.units, ...counts]);
  }
  ws.getColumn(1).width = 8;
  ws.getColumn(2).width = 44;

  const offersSheet = wb.addWorksheet(l.offersSheet, { views: [{ rightToLeft: lang === 'ar' }] });
  offersSheet.addRow([l.code, l.country, l.status, l.version]).font = { bold: true };
  for (const o of coverage.offers) offersSheet.addRow([o.countryCode, o.countryName, o.status, o.versionNumber]);
  offersSheet.getColumn(2).width = 30;
  return Buffer.from(await wb.xlsx.writeBuffer());
}
