import { useTranslation } from 'react-i18next';
import { COVERAGE_COLUMNS } from './heatmap';

/**
 * The head of a sector × mode table: the sector, optionally the number of units counted, then market access and
 * national treatment, modes 1–4 each (the coverage table and the GATS+ table).
 */
export function CoverageHead({ withUnits = false }: { withUnits?: boolean }) {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        <th scope="col" rowSpan={2}>
          {t('coverage.sector')}
        </th>
        {withUnits && (
          <th scope="col" rowSpan={2}>
            {t('coverage.units')}
          </th>
        )}
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
  );
}
