import { useTranslation } from 'react-i18next';
import { LIMITATION_BLOCK_OF, cellId, type AcceptedEntry, type SectorPair } from '@portal/shared';
import { slot, WithUserValues } from '../../components/Bidi';
import { formatDay } from '../../i18n/dates';
import { useCountryNames } from '../countries/useCountries';

/**
 * The comparison cells of the sector entries accepted from counter offers, by cell id: each accepted value sits in
 * the sector of the later version with the id it was written at, in its block and mode (or note, or additional
 * commitment).
 */
export function attributedCells(sectors: SectorPair[], accepted: AcceptedEntry[]): Map<string, AcceptedEntry> {
  const out = new Map<string, AcceptedEntry>();
  for (const a of accepted) {
    if (a.part !== 'SECTOR' || !a.sectorId) continue;
    const row = sectors.findIndex((p) => p.after?.sectorId === a.sectorId);
    if (row < 0) continue;
    if (a.field === 'whole') out.set(cellId.sector(row), a);
    else if ((a.block === 'MA' || a.block === 'NT') && a.mode)
      out.set(cellId.entry(row, LIMITATION_BLOCK_OF[a.block], a.mode), a);
    else if (a.block === 'MA' || a.block === 'NT') out.set(cellId.blockComment(row, LIMITATION_BLOCK_OF[a.block]), a);
    else if (a.block === 'ADDITIONAL')
      out.set(cellId.additional(row, a.field === 'comment' ? 'comment' : 'commitment'), a);
  }
  return out;
}

/** "From Senegal's counter offer, accepted by Jane Doe on 28 Nov 2026", under the value it brought. */
export function Attribution({ source }: { source: AcceptedEntry }) {
  const { t, i18n } = useTranslation();
  const country = useCountryNames()(source.countryCode, source.countryName);
  return (
    <div className="compare-attribution">
      <WithUserValues
        text={t('responses.attribution', { country: slot(0), name: slot(1), date: slot(2) })}
        values={[country, source.decidedBy ?? '—', formatDay(source.decidedAt, i18n.language)]}
      />
    </div>
  );
}
