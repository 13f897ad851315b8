import { memo, useMemo, useRef } from 'react';
import { Button, Switch, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { sectorTooltipCodes, type Sector } from '@portal/shared';
import { sectorTitle } from './document';
import { groupTabs } from './wizard';

/** What a sector tab shows; the same object as long as the sector's services do not change. */
export interface SectorTabInfo {
  id: string;
  title: string | null;
  codes: string[];
  services: Sector['services'];
  details: Sector['details'];
}

const cache = new WeakMap<Sector['services'], Map<string, SectorTabInfo>>();

function infoOf(sector: Sector): SectorTabInfo {
  let byId = cache.get(sector.services);
  if (!byId) cache.set(sector.services, (byId = new Map()));
  let info = byId.get(sector.sectorId);
  if (!info || info.details !== sector.details) {
    info = {
      id: sector.sectorId,
      title: sectorTitle(sector),
      codes: sectorTooltipCodes(sector),
      services: sector.services,
      details: sector.details,
    };
    byId.set(sector.sectorId, info);
  }
  return info;
}

/**
 * The tab list's input, kept identical while no tab changes: typing in a sector's commitments replaces that sector,
 * but not its services, so the list of 150 tabs does not re-render on a keystroke.
 */
export function useSectorTabs(sectors: Sector[]): SectorTabInfo[] {
  const previous = useRef<SectorTabInfo[]>([]);
  return useMemo(() => {
    const next = sectors.map(infoOf);
    const prev = previous.current;
    if (prev.length === next.length && prev.every((p, i) => p === next[i])) return prev;
    previous.current = next;
    return next;
  }, [sectors]);
}

interface Props {
  tabs: SectorTabInfo[];
  activeTab: number;
  ungrouped: boolean;
  readOnly?: boolean;
  onOpen: (tab: number) => void;
  onAddSector: () => void;
  onUngroup: (ungrouped: boolean) => void;
}

/** The left list: Horizontal commitments, one tab per sector (grouped by sector group unless ungrouped), MFN exemptions. */
export const EditorTabs = memo(function EditorTabs({
  tabs,
  activeTab,
  ungrouped,
  readOnly,
  onOpen,
  onAddSector,
  onUngroup,
}: Props) {
  const { t } = useTranslation();
  const groups = useMemo(() => groupTabs(tabs, ungrouped), [tabs, ungrouped]);
  const mfn = tabs.length + 1;
  const tab = (index: number, label: string, tooltip?: string[]) => {
    const button = (
      <button
        type="button"
        className="editor-tab"
        aria-current={activeTab === index ? 'step' : undefined}
        onClick={() => onOpen(index)}
      >
        <span className="editor-tab-label">{label}</span>
      </button>
    );
    return (
      <li key={index}>
        {tooltip && tooltip.length > 0 ? (
          <Tooltip
            placement="right"
            title={
              <ul className="tooltip-codes">
                {tooltip.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            }
          >
            {button}
          </Tooltip>
        ) : (
          button
        )}
      </li>
    );
  };
  return (
    <nav className="editor-tabs" aria-label={t('offers.tabs.navigation')}>
      <label className="offers-switch">
        <Switch size="small" checked={ungrouped} onChange={onUngroup} />
        <span>{t('offers.tabs.ungroup')}</span>
      </label>
      <ul className="editor-tab-list">{tab(0, t('offers.terms.horizontal'))}</ul>
      {groups.map((g) => (
        <div key={g.prefix ?? 'none'} className="editor-tab-group">
          {!ungrouped && (
            <div className="editor-tab-group-title">
              {g.prefix ? t(`offers.groups.g${g.prefix}` as 'offers.groups.g1') : t('offers.groups.none')}
            </div>
          )}
          <ul className="editor-tab-list">
            {g.sectors.map((i) =>
              tab(i + 1, tabs[i].title ?? t('offers.tabs.newSector', { number: i + 1 }), tabs[i].codes),
            )}
          </ul>
        </div>
      ))}
      {!readOnly && (
        <Button block type="dashed" icon={<PlusOutlined />} onClick={onAddSector}>
          {t('offers.tabs.addSector')}
        </Button>
      )}
      <ul className="editor-tab-list">{tab(mfn, t('offers.terms.mfn'))}</ul>
    </nav>
  );
});
