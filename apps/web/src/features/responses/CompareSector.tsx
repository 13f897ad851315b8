import { useTranslation } from 'react-i18next';
import type { Sector } from '@portal/shared';
import { MODES_OF_SUPPLY } from '../offers/contract';
import { LIMITATION_KEYS } from './counterEntry';
import { entryKey, type SectorDiff } from './diff';
import { entryText } from './entryText';

interface Props {
  sector: Sector | undefined;
  diff: SectorDiff | undefined;
  side: 'original' | 'counter';
}

/** One side of a sector in the comparison: both limitation columns and the additional commitments, changes marked. */
export function CompareSector({ sector, diff, side }: Props) {
  const { t } = useTranslation();
  const mark = side === 'counter' ? 'compare-changed' : 'compare-original-changed';
  if (!sector) return <p className="offers-hint">{t('responses.compare.sectorMissing')}</p>;
  const c = sector.sectorCommitement;
  return (
    <>
      {LIMITATION_KEYS.map((k) => {
        const title = t(k === 'limitationsMA' ? 'offers.terms.limitationsMA' : 'offers.terms.limitationsNT');
        return (
          <section key={k} className="compare-block" aria-label={title}>
            <h4>{title}</h4>
            <ul className="compare-modes">
              {MODES_OF_SUPPLY.map((m) => {
                const changed = diff?.entries.has(entryKey(k, m)) ?? false;
                return (
                  <li key={m} className={changed ? mark : undefined} data-changed={changed || undefined}>
                    <span className="compare-mode-name">
                      {t(`offers.modes.${m}`)}
                      {changed && <span className="visually-hidden"> ({t('responses.compare.changed')})</span>}
                    </span>
                    {entryText(c[k][m], t) || '—'}
                  </li>
                );
              })}
              {c[k].comment && <li className={diff?.blockComments.has(k) ? mark : undefined}>{c[k].comment}</li>}
            </ul>
          </section>
        );
      })}
      {(c.additionalCommitment.commitment || c.additionalCommitment.comment || diff?.additional) && (
        <section
          className={`compare-block${diff?.additional ? ` ${mark}` : ''}`}
          aria-label={t('offers.terms.additional')}
        >
          <h4>{t('offers.terms.additional')}</h4>
          <p className="counter-readonly-text">{c.additionalCommitment.commitment || '—'}</p>
          {c.additionalCommitment.comment && <p className="counter-readonly-text">{c.additionalCommitment.comment}</p>}
        </section>
      )}
    </>
  );
}
