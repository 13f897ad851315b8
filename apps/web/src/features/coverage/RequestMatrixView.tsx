import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { countryLabel } from '../countries/label';
import { useRequestMatrix } from './api';

/**
 * The request–offer matrix: requesting countries in rows, requested countries in columns, and in each cell the
 * sectors asked and answered. The secretariat sees the bloc; a country the pairs it is in.
 */
export function RequestMatrixView() {
  const { t, i18n } = useTranslation();
  const { data, error, isPending } = useRequestMatrix();
  if (isPending) return <Spin />;
  if (error || !data) return <Alert type="error" showIcon message={errorText(t, error)} />;
  const name = (c: { name: string; nameFr: string; nameAr: string }) => countryLabel(c, i18n.language);
  const requesting = data.countries.filter((c) => data.pairs.some((p) => p.requestingCountryCode === c.code));
  const requested = data.countries.filter((c) => data.pairs.some((p) => p.requestedCountryCode === c.code));
  if (data.pairs.length === 0) return <p className="coverage-hint">{t('coverage.requests.none')}</p>;
  return (
    <div className="coverage-table-wrap">
      <p className="coverage-hint">{t('coverage.requests.hint')}</p>
      <table className="coverage-table request-matrix">
        <caption>{t('coverage.requests.caption')}</caption>
        <thead>
          <tr>
            <td />
            {requested.map((c) => (
              <th scope="col" key={c.code} data-country={c.code}>
                {name(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {requesting.map((from) => (
            <tr key={from.code}>
              <th scope="row" data-country={from.code}>
                {name(from)}
              </th>
              {requested.map((to) => {
                const pair = data.pairs.find(
                  (p) => p.requestingCountryCode === from.code && p.requestedCountryCode === to.code,
                );
                return (
                  <td key={to.code} data-pair={`${from.code}-${to.code}`}>
                    {pair
                      ? t('coverage.requests.cell', {
                          asked: pair.sectorsAsked,
                          answered: pair.sectorsAnswered,
                        })
                      : '–'}
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
