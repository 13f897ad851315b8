import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { compareOffers, type OfferDocument } from '@portal/shared';
import { TextWithCodes } from '../../components/Bidi';
import { toLanguage } from '../../i18n';
import { WordDiff } from './WordDiff';
import { changePlace } from './changeNavigation';
import { ColumnHeads } from '../../components/ColumnHeads';

/** Every change of a counter offer (the shared diff, as on the comparison screen): where, the original, the proposal. */
export function ChangeList({ original, counter }: { original: OfferDocument; counter: OfferDocument }) {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const comparison = useMemo(
    () =>
      compareOffers(original, counter, {
        lang: language,
        marks: { gats: t('offers.entry.gatsPlus'), afcfta: t('offers.entry.afcftaPlus') },
      }),
    [original, counter, language, t],
  );
  const { changes, sectors } = comparison;
  return (
    <section className="change-list" aria-label={t('responses.changes.title')}>
      <h3>{t('responses.changes.title')}</h3>
      {changes.length === 0 ? (
        <p>{t('responses.changes.none')}</p>
      ) : (
        <table>
          <ColumnHeads
            names={[
              t('responses.changes.sector'),
              t('responses.changes.column'),
              t('responses.changes.original'),
              t('responses.changes.counter'),
            ]}
          />
          <tbody>
            {changes.map((c) => {
              const sector = c.sectorRow === null ? null : sectors[c.sectorRow]?.after;
              const resolved =
                sector && c.mode && (c.block === 'limitationsMA' || c.block === 'limitationsOnNationalTreatment')
                  ? sector.sectorCommitement[c.block][c.mode].resolved
                  : false;
              return (
                <tr key={c.id}>
                  <td>
                    <bdi dir="auto">
                      <TextWithCodes text={c.sectorLabel} />
                    </bdi>
                  </td>
                  <td>{changePlace(c, t)}</td>
                  <td>
                    <WordDiff spans={c.spans} side="before" />
                  </td>
                  <td className="change-new">
                    <WordDiff spans={c.spans} side="after" />
                    {resolved && ` · ${t('responses.entry.resolved')}`}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
