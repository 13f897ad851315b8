import { memo, useMemo } from 'react';
import { Alert, App, Radio, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseSectorScheme, SECTOR_TYPE_CODES, type SectorScheme, type Sector, type ServiceNode } from '@portal/shared';
import type { SectorUpdate } from './SectorCommitmentsStep';
import { useServiceTree } from './useServiceTree';
import { chooseServices, codeListsEnabled } from './wizard';

interface TreeOption {
  title: string;
  value: string;
  children?: TreeOption[];
}

const toOptions = (nodes: ServiceNode[]): TreeOption[] =>
  nodes.map((n) => ({ title: n.value ? `${n.value} ${n.title}` : n.title, value: n.key, children: n.children?.length ? toOptions(n.children) : undefined }));

interface Props {
  sector: Sector;
  readOnly?: boolean;
  /** 'Select your sector' after Next with nothing chosen. */
  showRequired: boolean;
  update: SectorUpdate;
}

/** Step 1 of a sector: the code scheme, the services of one sector, and the CPC codes (one list at a time). */
export const SectorChoiceStep = memo(function SectorChoiceStep({ sector, readOnly, showRequired, update }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const scheme: SectorScheme = parseSectorScheme(sector.type) ?? 'W120';
  const { indexed, isLoading, isError } = useServiceTree(scheme);
  const options = useMemo(() => (indexed ? toOptions(indexed.tree) : []), [indexed]);
  const enabled = codeListsEnabled(sector);

  const onServices = (keys: string[]) => {
    if (!indexed) return;
    const picked = keys.map((k) => indexed.byKey.get(k)).filter((p) => p !== undefined);
    const result = chooseServices(sector, picked, SECTOR_TYPE_CODES[scheme]);
    if (!result.ok) {
      void message.warning(t('offers.sector.msg_nomoresectore'));
      return;
    }
    update(() => result.sector);
  };

  return (
    <div className="sector-choice offers-stack">
      <div className="offers-field">
        <span id="scheme-label">{t('offers.sector.scheme')}</span>
        <Radio.Group
          aria-labelledby="scheme-label"
          value={scheme}
          disabled={readOnly}
          optionType="button"
          onChange={(e) => {
            const next = e.target.value as SectorScheme;
            update((s) => ({ ...s, type: SECTOR_TYPE_CODES[next], services: [], codes: [], details: [], codesCPC: [], codesCPC2: [], provisional_codes: [], cpc_codes: [] }));
          }}
          options={[
            { value: 'W120', label: t('offers.sector.schemes.W120') },
            { value: 'CPC_PROV', label: t('offers.sector.schemes.CPC_PROV') },
            { value: 'CPC21', label: t('offers.sector.schemes.CPC21') },
          ]}
        />
      </div>
      <label className="offers-field">
        <span>{t('offers.sector.services')}</span>
        <TreeSelect
          aria-label={t('offers.sector.services')}
          multiple
          showSearch
          treeNodeFilterProp="title"
          loading={isLoading}
          disabled={readOnly}
          placeholder={t('offers.sector.servicesPlaceholder')}
          value={sector.services.map((s) => s.key)}
          treeData={options}
          onChange={onServices}
          status={showRequired && sector.services.length === 0 ? 'error' : undefined}
          style={{ inlineSize: '100%' }}
          listHeight={420}
        />
      </label>
      {isError && <Alert type="error" showIcon title={t('offers.sector.treeError')} />}
      {showRequired && sector.services.length === 0 && (
        <Alert type="error" showIcon role="alert" title={t('offers.sector.selectYourSector')} />
      )}
      <div className="code-lists">
        <label className="offers-field">
          <span>{t('offers.sector.provisionalCodes')}</span>
          <Select
            mode="multiple"
            aria-label={t('offers.sector.provisionalCodes')}
            disabled={readOnly || !enabled.provisional || sector.codesCPC.length === 0}
            value={sector.provisional_codes}
            options={sector.codesCPC.map((c) => ({ value: c, label: c }))}
            onChange={(codes: string[]) => update((s) => ({ ...s, provisional_codes: codes }))}
          />
        </label>
        <label className="offers-field">
          <span>{t('offers.sector.cpc21Codes')}</span>
          <Select
            mode="multiple"
            aria-label={t('offers.sector.cpc21Codes')}
            disabled={readOnly || !enabled.cpc || sector.codesCPC2.length === 0}
            value={sector.cpc_codes}
            options={sector.codesCPC2.map((c) => ({ value: c, label: c }))}
            onChange={(codes: string[]) => update((s) => ({ ...s, cpc_codes: codes }))}
          />
        </label>
        <p className="offers-hint">{t('offers.sector.codesHint')}</p>
      </div>
    </div>
  );
});
