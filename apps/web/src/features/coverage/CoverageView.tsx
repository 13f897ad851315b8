import { useState } from 'react';
import { Alert, App, Button, Segmented, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { COMMITMENT_CLASSES, OFFER_STATUSES, type CommitmentClass, type Language } from '@portal/shared';
import { errorText } from '../../api/errorText';
import { useRegions } from '../countries/useCountries';
import { regionLabel } from '../countries/label';
import { DEFAULT_COVERAGE_FILTER, downloadCoverage, useCoverage, type CoverageFilter } from './api';
import { CountryFilter } from './CountryFilter';
import { CoverageHeatMap } from './CoverageHeatMap';
import { CoverageTable } from './CoverageTable';

/** The coverage matrix with its filters (country, region, offer status, level), heat map, table and XLSX export. */
export function CoverageView() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [filter, setFilter] = useState<CoverageFilter>(DEFAULT_COVERAGE_FILTER);
  const [shown, setShown] = useState<CommitmentClass>('full');
  const [exporting, setExporting] = useState(false);
  const regions = useRegions();
  const coverage = useCoverage(filter);
  const lang = i18n.language as Language;
  const set = (patch: Partial<CoverageFilter>) => setFilter((f) => ({ ...f, ...patch }));
  const exportXlsx = async () => {
    setExporting(true);
    try {
      await downloadCoverage(filter, lang);
    } catch (err) {
      void message.error(errorText(t, err));
    } finally {
      setExporting(false);
    }
  };
  const data = coverage.data;
  return (
    <div>
      <div className="coverage-filters">
        <CountryFilter
          value={filter.country}
          placeholder={t('coverage.wholeBloc')}
          onChange={(country) => set({ country })}
        />
        <div className="coverage-filter">
          <span aria-hidden="true">{t('coverage.region')}</span>
          <Select
            aria-label={t('coverage.region')}
            allowClear
            className="coverage-select"
            placeholder={t('coverage.allRegions')}
            value={filter.region}
            onChange={(v) => set({ region: v })}
            options={(regions.data ?? []).map((r) => ({ value: r.code, label: regionLabel(r, lang) }))}
          />
        </div>
        <div className="coverage-filter">
          <span aria-hidden="true">{t('coverage.status')}</span>
          <Select
            aria-label={t('coverage.status')}
            mode="multiple"
            allowClear
            className="coverage-select coverage-select-wide"
            placeholder={t('coverage.allStatuses')}
            value={filter.status}
            onChange={(v) => set({ status: v })}
            options={OFFER_STATUSES.filter((s) => s !== 'IN_PROGRESS').map((s) => ({
              value: s,
              label: t(`offers.status.${s}`),
            }))}
          />
        </div>
        <div className="coverage-filter">
          <span id="coverage-level">{t('coverage.level')}</span>
          <Segmented
            aria-labelledby="coverage-level"
            value={filter.level}
            onChange={(v) => set({ level: v as CoverageFilter['level'] })}
            options={[
              { value: 'sector', label: t('coverage.sectors') },
              { value: 'subsector', label: t('coverage.subsectors') },
            ]}
          />
        </div>
        <div className="coverage-filter">
          <span id="coverage-shown">{t('coverage.shown')}</span>
          <Segmented
            aria-labelledby="coverage-shown"
            value={shown}
            onChange={(v) => setShown(v as CommitmentClass)}
            options={COMMITMENT_CLASSES.map((k) => ({ value: k, label: t(`coverage.class.${k}`) }))}
          />
        </div>
        <Button onClick={() => void exportXlsx()} loading={exporting} disabled={!data}>
          {t('coverage.export')}
        </Button>
      </div>
      {coverage.isPending && <Spin />}
      {coverage.error && <Alert type="error" showIcon message={errorText(t, coverage.error)} />}
      {data && (
        <>
          <p className="coverage-hint" aria-live="polite">
            {t('coverage.counted', { count: data.offers.length })}
            {data.unclassified > 0 && ` ${t('coverage.unclassified', { count: data.unclassified })}`}
          </p>
          <CoverageHeatMap rows={data.rows} shown={shown} />
          <CoverageTable rows={data.rows} />
        </>
      )}
    </div>
  );
}
