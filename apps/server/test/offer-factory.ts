import crypto from 'node:crypto';
import { blankOfferDocument, blankRow, blankSector, type OfferDocument, type Sector } from '@portal/shared';

/** A sector with one chosen service, ready to be saved. */
export function sectorWith(code: string, title = `Service ${code}`, extra: Partial<Sector> = {}): Sector {
  return {
    ...blankSector(crypto.randomUUID()),
    services: [{ title, value: code, key: code }],
    codes: [code],
    provisional_codes: [code],
    ...extra,
  };
}

/** An offer document with horizontal commitments, `sectors` sectors and one MFN exemption row. */
export function buildOfferDocument(sectors = 2, overrides: Partial<OfferDocument> = {}): OfferDocument {
  const doc = blankOfferDocument();
  doc.description = '<p>Opening statement of the schedule.</p>';
  const horizontal = blankRow('horizontal');
  horizontal[0].value = '<b>All sectors included in this schedule</b>';
  horizontal[1].value = '3) Foreign investment above USD 1 million requires approval.';
  doc.geenralCommitement = [horizontal];
  const mfn = blankRow('mfn');
  mfn[0].value = 'Road transport';
  doc.geenralCommitementCon = [mfn];
  doc.sectors = Array.from({ length: sectors }, (_, i) => sectorWith(`86${i + 1}`));
  return { ...doc, ...overrides };
}
