import { Fragment, memo, useMemo, useRef } from 'react';
import { Button, Switch, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { sectorOrderKey, sectorTabLabel, sectorTooltipCodes, type Sector, type SectorOrderKey } from '@portal/shared';
import { TextWithCodes } from '../../../components/Bidi';
import { groupOf, groupTabs, tabOrder } from './wizard';
import { useSectorLabels, type SectorLabels } from '../view/useSectorLabels';
import { useNarrowScreen } from '../../layout/useNarrowScreen';
import { useCanHover } from '../../layout/useCanHover';

/** What a sector tab shows; the same object as long as the sector's services and codes do not change. */
interface SectorTabInfo {
  id: string;
  /** "1.A.a Legal Services · CPC Prov. 861", in the interface language; null while no service is chosen. */
  title: string | null;
  /** The tooltip: at most 5 codes, each cut to 35 characters. */
  codes: string[];
  /** The sector group: W/120 sector '1' … '12', 'other', or null with no service. */
  group: string | null;
  /** Its place in classification order (the tabs are listed in it, not in the order sectors were added). */
  order: SectorOrderKey;
  services: Sector['services'];
  details: Sector['details'];
  provisional: Sector['provisional_codes'];
  cpc: Sector['cpc_codes'];
  labels: SectorLabels;
}

const cache = new WeakMap<Sector['services'], Map<string, SectorTabInfo>>();

function infoOf(sector: Sector, labels: SectorLabels): SectorTabInfo {
  let byId = cache.get(sector.services);
  if (!byId) cache.set(sector.services, (byId = new Map()));
  let info = byId.get(sector.sectorId);
  if (
    !info ||
    info.details !== sector.details ||
    info.provisional !== sector.provisional_codes ||
    info.cpc !== sector.cpc_codes ||
    info.labels !== labels
  ) {
    const titleOf = (s: Sector['services'][number]) => labels.titleOf(s);
    info = {
      id: sector.sectorId,
      title: sectorTabLabel(sector, titleOf),
      codes: sectorTooltipCodes(sector, titleOf),
      group: groupOf(sector, labels.groupOf),
      order: sectorOrderKey(sector),
      services: sector.services,
      details: sector.details,
      provisional: sector.provisional_codes,
      cpc: sector.cpc_codes,
      labels,
    };
    byId.set(sector.sectorId, info);
  }
  return info;
}

/**
 * The tab list's input, kept identical while no tab changes: typing in a sector's commitments replaces that sector,
 * but not its services, so the list of 150 tabs does not re-render on a keystroke. Titles are in the interface
 * language; CPC-coded sectors are grouped by the W/120 sector they correspond to.
 */
export function useSectorTabs(sectors: Sector[]): SectorTabInfo[] {
  const previous = useRef<SectorTabInfo[]>([]);
  const typesKey = [...new Set(sectors.map((s) => s.type))].sort().join('|');
  const types = useMemo(() => typesKey.split('|'), [typesKey]);
  const labels = useSectorLabels(types);
  return useMemo(() => {
    const next = sectors.map((s) => infoOf(s, labels));
    const prev = previous.current;
    if (prev.length === next.length && prev.every((p, i) => p === next[i])) return prev;
    previous.current = next;
    return next;
  }, [sectors, labels]);
}

/**
 * The tab numbers in the order the list shows them, for Next and Previous: by group and in classification order,
 * not the stored order (which stays the order of entry).
 */
export function useTabOrder(tabs: readonly SectorTabInfo[], ungrouped: boolean): number[] {
  return useMemo(() => tabOrder(groupTabs(tabs, ungrouped)), [tabs, ungrouped]);
}

interface Props {
  tabs: SectorTabInfo[];
  activeTab: number;
  ungrouped: boolean;
  readOnly?: boolean;
  /** The first and last tabs' names: horizontal commitments and MFN exemptions unless an editor names its own. */
  edgeLabels?: { first: string; last: string };
  onOpen: (tab: number) => void;
  onAddSector: () => void;
  onUngroup: (ungrouped: boolean) => void;
}

/**
 * The left list: Horizontal commitments, one tab per sector (grouped by sector group unless ungrouped), MFN exemptions.
 * Below the 900 px breakpoint the list is a picker (one native select, the same parts in the same order): a list of
 * 150 tabs would fill a phone's screen before the panel it opens.
 */
export const EditorTabs = memo(function EditorTabs({
  tabs,
  activeTab,
  ungrouped,
  readOnly,
  edgeLabels,
  onOpen,
  onAddSector,
  onUngroup,
}: Props) {
  const { t, i18n } = useTranslation();
  const narrow = useNarrowScreen();
  // A touch screen opens a hover tooltip on tap and leaves it over the next tabs: the codes are shown on hover and
  // keyboard focus only, where a pointer can hover.
  const canHover = useCanHover();
  const groups = useMemo(() => groupTabs(tabs, ungrouped), [tabs, ungrouped]);
  // A group without a title of its own is "Other services": never a raw key.
  const groupTitle = (prefix: string | null) => {
    if (prefix === null) return t('offers.groups.none');
    const key = `offers.groups.g${prefix}`;
    return i18n.exists(key) ? t(key as 'offers.groups.g1') : t('offers.groups.other');
  };
  const mfn = tabs.length + 1;
  const tab = (index: number, label: string, tooltip?: string[]) => {
    const button = (
      <button
        type="button"
        className="editor-tab"
        aria-current={activeTab === index ? 'step' : undefined}
        onClick={() => onOpen(index)}
      >
        <span className="editor-tab-label">
          <TextWithCodes text={label} />
        </span>
      </button>
    );
    return (
      <li key={index}>
        {tooltip && tooltip.length > 0 && canHover ? (
          <Tooltip
            trigger={['hover', 'focus']}
            // Beside the list, towards the page: to the right in English, to the left in Arabic.
            placement={i18n.dir() === 'rtl' ? 'left' : 'right'}
            title={
              <ul className="tooltip-codes">
                {tooltip.map((c) => (
                  <li key={c}>
                    <TextWithCodes text={c} />
                  </li>
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
  const first = edgeLabels?.first ?? t('offers.terms.horizontal');
  const last = edgeLabels?.last ?? t('offers.terms.mfn');
  const sectorLabel = (i: number) => tabs[i]?.title ?? t('offers.tabs.newSector', { number: i + 1 });
  const ungroup = (
    <label className="offers-switch">
      <Switch size="small" checked={ungrouped} onChange={onUngroup} />
      <span>{t('offers.tabs.ungroup')}</span>
    </label>
  );
  const addSector = !readOnly && (
    <Button block type="dashed" icon={<PlusOutlined />} onClick={onAddSector}>
      {t('offers.tabs.addSector')}
    </Button>
  );
  if (narrow) {
    const option = (i: number) => (
      <option key={i} value={i + 1}>
        {sectorLabel(i)}
      </option>
    );
    return (
      <nav className="editor-tabs editor-tabs-picker" aria-label={t('offers.tabs.navigation')}>
        <label className="editor-tab-picker">
          <span>{t('offers.tabs.picker')}</span>
          <select value={activeTab} onChange={(e) => onOpen(Number(e.target.value))}>
            <option value={0}>{first}</option>
            {groups.map((g) =>
              ungrouped ? (
                <Fragment key={g.prefix ?? 'none'}>{g.sectors.map(option)}</Fragment>
              ) : (
                <optgroup key={g.prefix ?? 'none'} label={groupTitle(g.prefix)}>
                  {g.sectors.map(option)}
                </optgroup>
              ),
            )}
            <option value={mfn}>{last}</option>
          </select>
        </label>
        {ungroup}
        {addSector}
      </nav>
    );
  }
  return (
    <nav className="editor-tabs" aria-label={t('offers.tabs.navigation')}>
      {ungroup}
      <ul className="editor-tab-list">{tab(0, first)}</ul>
      {groups.map((g) => (
        <div key={g.prefix ?? 'none'} className="editor-tab-group">
          {!ungrouped && <div className="editor-tab-group-title">{groupTitle(g.prefix)}</div>}
          <ul className="editor-tab-list">{g.sectors.map((i) => tab(i + 1, sectorLabel(i), tabs[i]?.codes))}</ul>
        </div>
      ))}
      {addSector}
      <ul className="editor-tab-list">{tab(mfn, last)}</ul>
    </nav>
  );
});
