import { useTranslation } from 'react-i18next';
import { COMMITMENT_CLASSES, type CoverageRow } from '@portal/shared';
import { Code } from '../../components/Bidi';
import { COVERAGE_COLUMNS, countsAt } from './heatmap';
import { CoverageHead } from './CoverageHead';

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
        <CoverageHead withUnits />
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
