import { memo, useEffect, useRef } from 'react';
import { Alert, App, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { isStaff, parseSectorScheme, SECTOR_TYPE_CODES, type SectorScheme, type Sector } from '@portal/shared';
import { SectorPicker, type SectorSelection } from '../../sectors/SectorPicker';
import { useSession } from '../../session/useSession';
import type { SectorUpdate } from './SectorCommitmentsStep';
import { useServiceTree } from './useServiceTree';
import { chooseServices, codeListsEnabled } from './wizard';

interface Props {
  sector: Sector;
  readOnly?: boolean;
  /** 'Select your sector' after Next with nothing chosen. */
  showRequired: boolean;
  update: SectorUpdate;
}

/**
 * Step 1 of a sector: the services of one sector in the shared sector picker (code list, search, and for the
 * secretariat adding a service), then the CPC codes kept (one list at a time).
 */
export const SectorChoiceStep = memo(function SectorChoiceStep({ sector, readOnly, showRequired, update }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { profile } = useSession();
  const scheme: SectorScheme = parseSectorScheme(sector.type) ?? 'W120';
  // The same query as the picker's (one request): it maps the keys the picker gives back to their services.
  const { indexed } = useServiceTree(scheme);
  const enabled = codeListsEnabled(sector);
  const missing = showRequired && sector.services.length === 0;
  // 'Select your sector' appears under a tall tree, often below the screen: it is scrolled to and takes the focus, so
  // a press of Next visibly does something and a screen reader reads why.
  const required = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!missing || !required.current) return;
    required.current.scrollIntoView?.({ block: 'center' });
    required.current.focus({ preventScroll: true });
  }, [missing]);

  const onPick = (next: SectorSelection) => {
    if (readOnly) return;
    if (next.scheme !== scheme) {
      update((s) => ({
        ...s,
        type: SECTOR_TYPE_CODES[next.scheme],
        services: [],
        codes: [],
        details: [],
        codesCPC: [],
        codesCPC2: [],
        provisional_codes: [],
        cpc_codes: [],
      }));
      return;
    }
    if (!indexed) return;
    const picked = next.keys.map((k) => indexed.byKey.get(k)).filter((p) => p !== undefined);
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
        <span>{t('offers.sector.services')}</span>
        <SectorPicker
          value={{ scheme, keys: sector.services.map((x) => x.key) }}
          onChange={onPick}
          canAddService={isStaff(profile?.role)}
        />
      </div>
      {missing && (
        <div ref={required} tabIndex={-1} className="offers-required">
          <Alert type="error" showIcon role="alert" title={t('offers.sector.selectYourSector')} />
        </div>
      )}
      <div className="code-lists">
        <CodeList
          label={t('offers.sector.provisionalCodes')}
          codes={sector.codesCPC}
          kept={sector.provisional_codes}
          disabled={readOnly || !enabled.provisional}
          onKeep={(codes) => update((s) => ({ ...s, provisional_codes: codes }))}
        />
        <CodeList
          label={t('offers.sector.cpc21Codes')}
          codes={sector.codesCPC2}
          kept={sector.cpc_codes}
          disabled={readOnly || !enabled.cpc}
          onKeep={(codes) => update((s) => ({ ...s, cpc_codes: codes }))}
        />
        <p className="offers-hint">{t('offers.sector.codesHint')}</p>
      </div>
    </div>
  );
});

/** One list of CPC codes of the sector's services, of which the negotiator keeps some (none to keep: disabled). */
function CodeList({
  label,
  codes,
  kept,
  disabled,
  onKeep,
}: {
  label: string;
  codes: string[];
  kept: string[];
  disabled: boolean | undefined;
  onKeep: (codes: string[]) => void;
}) {
  return (
    <label className="offers-field">
      <span>{label}</span>
      <Select
        mode="multiple"
        aria-label={label}
        disabled={disabled || codes.length === 0}
        value={kept}
        options={codes.map((c) => ({ value: c, label: c }))}
        onChange={onKeep}
      />
    </label>
  );
}
