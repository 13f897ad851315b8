import { useTranslation } from 'react-i18next';
import type { OfferDocument } from '@portal/shared';
import { MODES_OF_SUPPLY } from '../offers/contract';
import { sectorTitle } from '../offers/document';
import { LIMITATION_KEYS } from './counterEntry';
import { diffDocuments, entryKey } from './diff';
import { entryText } from './entryText';

/** Every entry the counter offer changed: sector, column, mode, the original and the counter proposal. */
export function ChangeList({ original, counter }: { original: OfferDocument; counter: OfferDocument }) {
  const { t } = useTranslation();
  const diff = diffDocuments(original, counter);
  const byId = new Map(original.sectors.map((s) => [s.sectorId, s]));
  const rows = counter.sectors.flatMap((s) => {
    const d = diff.sectors.get(s.sectorId);
    const o = byId.get(s.sectorId);
    if (!d || !o) return [];
    return LIMITATION_KEYS.flatMap((k) =>
      MODES_OF_SUPPLY.filter((m) => d.entries.has(entryKey(k, m))).map((m) => ({
        key: `${s.sectorId}.${k}.${m}`,
        sector: sectorTitle(s) ?? '',
        column: t(k === 'limitationsMA' ? 'offers.terms.limitationsMA' : 'offers.terms.limitationsNT'),
        mode: t(`offers.modes.${m}`),
        before: entryText(o.sectorCommitement[k][m], t),
        after: entryText(s.sectorCommitement[k][m], t),
        resolved: s.sectorCommitement[k][m].resolved,
      })),
    );
  });
  return (
    <section className="change-list" aria-label={t('responses.changes.title')}>
      <h3>{t('responses.changes.title')}</h3>
      {rows.length === 0 ? (
        <p>{t('responses.changes.none')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('responses.changes.sector')}</th>
              <th scope="col">{t('responses.changes.column')}</th>
              <th scope="col">{t('responses.changes.original')}</th>
              <th scope="col">{t('responses.changes.counter')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <td>{r.sector}</td>
                <td>
                  {r.column} — {r.mode}
                </td>
                <td>{r.before || '—'}</td>
                <td className="change-new">
                  {r.after || '—'}
                  {r.resolved && ` · ${t('responses.entry.resolved')}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
