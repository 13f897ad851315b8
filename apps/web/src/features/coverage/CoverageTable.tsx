import { useTranslation } from 'react-i18next';
import { COMMITMENT_CLASSES, type CoverageRow } from '@portal/shared';
import { Code } from '../../components/Bidi';
import { COVERAGE_COLUMNS, countsAt } from './heatmap';

/**
 * The figures of the heat map as a table: one row per sector, market access and national treatment modes 1–4, and in
 * each cell the four counts (full · partial · unbound · not scheduled), each named for screen readers.
 */
export function CoverageTable({ rows }: { rows: CoverageRow[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as 'en' | 'fr' | 'ar';
  return (
    <div className="coverage-table-wrap">
      <table className="coverage-table">
        <caption>{t('coverage.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>
              {t('coverage.sector')}
            </th>
            <th scope="col" rowSpan={2}>
              {t('coverage.units')}
            </th>
            <th scope="colgroup" colSpan={4}>
              {t('coverage.marketAccess')}
            </th>
            <th scope="colgroup" colSpan={4}>
              {t('coverage.nationalTreatment')}
            </th>
          </tr>
          <tr>
            {COVERAGE_COLUMNS.map((c) => (
              <th scope="col" key={c.key}>
                {t('coverage.mode', { mode: c.mode })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.code}>
              <th scope="row">
                <Code>{row.code}</Code> {row.title[lang] || row.title.en}
              </th>
              <td>{row.units}</td>
              {COVERAGE_COLUMNS.map((c) => {
                const counts = countsAt(row, c);
                return (
                  <td key={c.key} className="coverage-counts">
                    {COMMITMENT_CLASSES.map((k, i) => (
                      <span key={k} className={`coverage-count coverage-count-${k}`}>
                        {i > 0 && <span aria-hidden="true"> · </span>}
                        <span className="visually-hidden">{t(`coverage.class.${k}`)} </span>
                        {counts[k]}
                      </span>
                    ))}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
