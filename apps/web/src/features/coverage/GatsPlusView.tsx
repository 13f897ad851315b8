import { Alert, Spin, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GatsPlusCell } from '@portal/shared';
import { errorText } from '../../api/errorText';
import { Code, UserText } from '../../components/Bidi';
import { useCountryNames } from '../countries/useCountries';
import { useGatsPlus } from './api';
import { CountryFilter } from './CountryFilter';
import { CoverageHead } from './CoverageHead';

/** One entry: GATS+ when computed, the ticked box beside it, and on hover what was compared. */
function GatsPlusEntry({ cell }: { cell: GatsPlusCell }) {
  const { t } = useTranslation();
  const tip = t('coverage.gatsPlus.compared', {
    offer: t(`coverage.class.${cell.offer}`),
    gats: t(`coverage.class.${cell.gats}`),
  });
  return (
    <Tooltip
      trigger={['hover', 'focus']}
      title={
        <>
          <div>{tip}</div>
          {cell.gatsValue && <UserText text={cell.gatsValue} />}
        </>
      }
    >
      <span tabIndex={0} className="gats-plus-entry">
        {cell.gatsPlus ? <Tag color="green">GATS+</Tag> : <span aria-hidden="true">–</span>}
        {cell.ticked && <span className="gats-plus-ticked">{t('coverage.gatsPlus.ticked')}</span>}
        <span className="visually-hidden">
          {cell.gatsPlus ? '' : t('coverage.gatsPlus.notBeyond')} {tip}
        </span>
      </span>
    </Tooltip>
  );
}

/** GATS+ at a glance: where a country's offer goes beyond its own GATS commitments, computed, per sector and mode. */
export function GatsPlusView({ country, onCountry }: { country?: string; onCountry: (code?: string) => void }) {
  const { t } = useTranslation();
  const countryName = useCountryNames();
  const { data, error, isFetching } = useGatsPlus(country);
  return (
    <div>
      <CountryFilter value={country} placeholder={t('coverage.chooseCountry')} onChange={onCountry} />
      {isFetching && <Spin />}
      {error && <Alert type="info" showIcon message={errorText(t, error)} />}
      {data && !error && (
        <>
          <p className="coverage-hint">
            {data.gatsMember
              ? t('coverage.gatsPlus.summary', { ...data.summary, member: data.gatsMember })
              : t('coverage.gatsPlus.noGats', { country: countryName(data.countryCode, data.countryName) })}
          </p>
          <div className="coverage-table-wrap">
            <table className="coverage-table">
              <caption>{t('coverage.gatsPlus.caption', { version: data.versionNumber })}</caption>
              <CoverageHead />
              <tbody>
                {data.rows.map((row, i) => (
                  <tr key={`${row.code}-${i}`}>
                    <th scope="row">
                      <Code>{row.code}</Code> <UserText text={row.title} />
                    </th>
                    {[...row.marketAccess, ...row.nationalTreatment].map((cell, m) => (
                      <td key={m}>
                        <GatsPlusEntry cell={cell} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
