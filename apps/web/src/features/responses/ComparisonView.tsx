import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  LIMITATION_BLOCKS,
  MODES_OF_SUPPLY,
  cellId,
  compareOffers,
  entryCellText,
  rowTexts,
  sectorLabel,
  type DiffOptions,
  type OfferChange,
  type OfferDocument,
  type AcceptedEntry,
  type ResponseEntry,
  type RowPair,
  type SectorPair,
  type WordSpan,
} from '@portal/shared';
import { TextWithCodes } from '../../components/Bidi';
import { toLanguage } from '../../i18n';
import { ChangeNavigator } from './ChangeNavigator';
import { WordDiff } from './WordDiff';
import { EntryDecision, SectorDecisions } from './EntryDecision';
import { Attribution, attributedCells } from './attribution';
import { changeAnchor, changePlace, useChangeNavigation } from './changeNavigation';
import { ColumnHeads } from '../../components/ColumnHeads';

interface Props {
  before: OfferDocument;
  after: OfferDocument;
  /** Column headings: "Version 1 (returned)", "Counter offer (Senegal)". */
  beforeTitle: string;
  afterTitle: string;
  /** Buttons shown beside the options (Download PDF…). */
  actions?: ReactNode;
  /** A chosen service's title in the interface language (useSectorLabels); the stored title otherwise. */
  serviceTitle?: DiffOptions['serviceTitle'];
  /** A counter offer's decisions, a column of their own: the entry of each changed cell, and who may decide. */
  decisions?: {
    responseId: string;
    offerId: string;
    offerCountryName: string;
    byCell: Map<string, ResponseEntry>;
    mayDecide: boolean;
  };
  /** Values of the later document accepted from counter offers: each is attributed to the country that proposed it. */
  accepted?: AcceptedEntry[];
}

type Row = { key: string; label: string; before: string; after: string; change?: OfferChange; whole?: 'ins' | 'del' };

const whole = (text: string, op: 'ins' | 'del'): WordSpan[] => (text ? [{ op, text }] : []);

/** A cell that did not change: the text as written, in its own direction. */
function Plain({ text }: { text: string }) {
  if (!text) return <span className="diff-empty">—</span>;
  return (
    <bdi dir="auto" className="diff-text">
      <TextWithCodes text={text} />
    </bdi>
  );
}

/**
 * Two documents side by side, aligned by sector and mode (the first document first in reading order: on the left,
 * on the right in Arabic), changed words marked inside each cell, with the list of changes to jump through.
 * Unchanged sectors and rows are folded away unless asked for.
 */
export function ComparisonView({
  before,
  after,
  beforeTitle,
  afterTitle,
  actions,
  serviceTitle,
  decisions,
  accepted,
}: Props) {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const gats = t('offers.entry.gatsPlus');
  const afcfta = t('offers.entry.afcftaPlus');
  const options: DiffOptions = useMemo(
    () => ({ lang: language, marks: { gats, afcfta }, serviceTitle }),
    [language, gats, afcfta, serviceTitle],
  );
  const comparison = useMemo(() => compareOffers(before, after, options), [before, after, options]);
  const { changes } = comparison;
  const attributions = useMemo(
    () => attributedCells(comparison.sectors, accepted ?? []),
    [comparison.sectors, accepted],
  );
  const byId = useMemo(() => new Map(changes.map((c) => [c.id, c])), [changes]);
  const [showAll, setShowAll] = useState(false);

  const show = useCallback(
    (index: number) => {
      const change = changes[index];
      if (!change) return;
      // After React has painted the highlight of the new current change.
      requestAnimationFrame(() => {
        const el = document.getElementById(changeAnchor(change.id));
        el?.scrollIntoView?.({ block: 'center' });
        el?.focus({ preventScroll: true });
      });
    },
    [changes],
  );
  const nav = useChangeNavigation(changes.length, show);
  const currentId = changes[nav.index]?.id;

  const renderRow = (row: Row) => {
    const { change } = row;
    const current = change !== undefined && change.id === currentId;
    const spans = (side: 'before' | 'after') =>
      row.whole ? whole(side === 'before' ? row.before : row.after, row.whole) : (change?.spans ?? []);
    const marked = change !== undefined || row.whole !== undefined;
    return (
      <tr
        key={row.key}
        id={change ? changeAnchor(change.id) : undefined}
        tabIndex={change ? -1 : undefined}
        className={`${marked ? 'compare-row-changed' : ''}${current ? ' compare-row-current' : ''}`}
        data-change={change?.kind}
      >
        <th scope="row">
          {row.label}
          {change && <span className="compare-row-flag"> · {t(`versions.kinds.${change.kind}`)}</span>}
        </th>
        <td>{marked ? <WordDiff spans={spans('before')} side="before" /> : <Plain text={row.before} />}</td>
        <td>
          {marked ? <WordDiff spans={spans('after')} side="after" /> : <Plain text={row.after} />}
          {change && attributions.has(change.id) && <Attribution source={attributions.get(change.id)!} />}
        </td>
        {decisions && <td className="compare-decision">{decisionCell(change)}</td>}
      </tr>
    );
  };
  const decisionCell = (change: OfferChange | undefined) => {
    const entry = change && decisions?.byCell.get(change.id);
    if (!entry || !decisions) return null;
    return (
      <EntryDecision
        responseId={decisions.responseId}
        offerId={decisions.offerId}
        offerCountryName={decisions.offerCountryName}
        entry={entry}
        mayDecide={decisions.mayDecide}
      />
    );
  };
  const columns = decisions ? 4 : 3;

  const section = (key: string, title: ReactNode, rows: Row[], anchor?: OfferChange, sectorRow?: number) => (
    <tbody key={key}>
      <tr
        id={anchor ? changeAnchor(anchor.id) : undefined}
        tabIndex={anchor ? -1 : undefined}
        className={`compare-section-row${anchor && anchor.id === currentId ? ' compare-row-current' : ''}`}
      >
        <th scope="colgroup" colSpan={columns}>
          {title}
          {anchor && <span className="compare-section-status"> · {changePlace(anchor, t)}</span>}
          {decisions?.mayDecide && sectorRow !== undefined && (
            <SectorDecisions
              responseId={decisions.responseId}
              offerId={decisions.offerId}
              entries={sectorEntries(sectorRow)}
            />
          )}
          {/* A sector added or removed whole is one entry, decided on its heading. */}
          {anchor && decisions?.byCell.has(anchor.id) && <div className="compare-decision">{decisionCell(anchor)}</div>}
        </th>
      </tr>
      {rows.map(renderRow)}
    </tbody>
  );

  /** The entries of one aligned sector (its cells' ids begin with `sector:<row>`). */
  const sectorEntries = (sectorRow: number) =>
    [...(decisions?.byCell ?? new Map<string, ResponseEntry>())]
      .filter(([id]) => id === cellId.sector(sectorRow) || id.startsWith(`${cellId.sector(sectorRow)}:`))
      .map(([, entry]) => entry);

  const sections: ReactNode[] = [];
  const { description } = comparison;
  if (description.changed || (showAll && (description.before || description.after)))
    sections.push(
      section('description', t('offers.horizontal.openingStatement'), [
        {
          key: 'description',
          label: t('offers.horizontal.openingStatement'),
          before: description.before,
          after: description.after,
          change: byId.get(cellId.description()),
        },
      ]),
    );
  const horizontal = tableRows('horizontal', comparison.horizontal, showAll, byId, t);
  if (horizontal.length > 0) sections.push(section('horizontal', t('offers.terms.horizontal'), horizontal));
  comparison.sectors.forEach((pair, index) => {
    if (pair.status === 'same' && !showAll) return;
    const anchor = byId.get(cellId.sector(index));
    const title = (
      <>
        <bdi dir="auto">
          <TextWithCodes text={pair.label || t('versions.grid.noService')} />
        </bdi>
        {pair.before && pair.after && !sameLabel(pair) && (
          <span className="compare-section-status">
            {' '}
            · {t('versions.grid.alignedWith')}{' '}
            <bdi dir="auto">
              <TextWithCodes text={sectorLabel(pair.before, serviceTitle)} />
            </bdi>
          </span>
        )}
      </>
    );
    sections.push(section(`sector-${index}`, title, sectorRows(index, pair, options, byId, t), anchor, index));
  });
  const mfn = tableRows('mfn', comparison.mfn, showAll, byId, t);
  if (mfn.length > 0) sections.push(section('mfn', t('offers.terms.mfn'), mfn));

  return (
    <div className="version-compare">
      <div className="version-compare-toolbar">
        <label className="version-compare-option">
          <Switch size="small" checked={showAll} onChange={setShowAll} />
          <span>{t('versions.grid.showAll')}</span>
        </label>
        {actions}
      </div>
      <ChangeNavigator
        changes={changes}
        index={nav.index}
        onJump={nav.jump}
        onNext={nav.next}
        onPrevious={nav.previous}
      />
      {sections.length === 0 ? (
        <p className="offers-hint">{t('versions.grid.identical')}</p>
      ) : (
        <table className="version-compare-grid">
          <colgroup>
            <col className="version-compare-where" />
            <col />
            <col />
            {decisions && <col className="version-compare-decision" />}
          </colgroup>
          <ColumnHeads names={[t('versions.grid.where'), beforeTitle, afterTitle]}>
            {decisions && <th scope="col">{t('responses.decisions.column')}</th>}
          </ColumnHeads>
          {sections}
        </table>
      )}
    </div>
  );
}

/** True when both sides of a pair list the same services (a split sector's halves say where they came from). */
function sameLabel(pair: SectorPair): boolean {
  const keys = (s: SectorPair['before']) => (s?.services ?? []).map((x) => x.key || x.value).join('|');
  return keys(pair.before) === keys(pair.after);
}

function sectorRows(
  index: number,
  pair: SectorPair,
  options: DiffOptions,
  byId: Map<string, OfferChange>,
  t: TFunction,
): Row[] {
  const side = pair.after ?? pair.before;
  if (!side) return [];
  const op = pair.status === 'added' ? 'ins' : pair.status === 'removed' ? 'del' : undefined;
  const rows: Row[] = [];
  const add = (key: string, label: string, before: string, after: string, change?: OfferChange) => {
    if (!before && !after && !change) return;
    rows.push({ key, label, before, after, change, whole: op });
  };
  for (const block of LIMITATION_BLOCKS) {
    const title = t(block === 'limitationsMA' ? 'offers.terms.limitationsMA' : 'offers.terms.limitationsNT');
    for (const mode of MODES_OF_SUPPLY) {
      const text = (s: SectorPair['before']) => (s ? entryCellText(s.sectorCommitement[block][mode], options) : '');
      rows.push({
        key: `${block}.${mode}`,
        label: `${title} — ${t(`offers.modes.${mode}`)}`,
        before: text(pair.before),
        after: text(pair.after),
        change: byId.get(cellId.entry(index, block, mode)),
        whole: op,
      });
    }
    add(
      `${block}.comment`,
      `${title} — ${t('versions.parts.comment')}`,
      pair.before?.sectorCommitement[block].comment.trim() ?? '',
      pair.after?.sectorCommitement[block].comment.trim() ?? '',
      byId.get(cellId.blockComment(index, block)),
    );
  }
  for (const part of ['commitment', 'comment'] as const)
    add(
      `additional.${part}`,
      part === 'commitment'
        ? t('offers.terms.additional')
        : `${t('offers.terms.additional')} — ${t('versions.parts.comment')}`,
      pair.before?.sectorCommitement.additionalCommitment[part].trim() ?? '',
      pair.after?.sectorCommitement.additionalCommitment[part].trim() ?? '',
      byId.get(cellId.additional(index, part)),
    );
  return rows;
}

const HORIZONTAL_COLUMNS = ['sector', 'limitationsMA', 'limitationsNT', 'additional'] as const;

function tableRows(
  block: 'horizontal' | 'mfn',
  pairs: RowPair[],
  showAll: boolean,
  byId: Map<string, OfferChange>,
  t: TFunction,
): Row[] {
  const names =
    block === 'horizontal'
      ? HORIZONTAL_COLUMNS.map((c) => t(`offers.table.horizontal.${c}`))
      : (['sector', 'descriptionOfMeasure', 'countries', 'intended', 'conditions'] as const).map((c) =>
          t(`offers.table.mfn.${c}`),
        );
  const rows: Row[] = [];
  pairs.forEach((pair, index) => {
    if (pair.status === 'same' && !showAll) return;
    const a = pair.before ? rowTexts(pair.before) : [];
    const b = pair.after ? rowTexts(pair.after) : [];
    const wholeChange = byId.get(cellId.table(block, index, null));
    const op = pair.status === 'added' ? 'ins' : pair.status === 'removed' ? 'del' : undefined;
    for (let c = 0; c < Math.max(a.length, b.length); c++) {
      const label = `${t('versions.grid.row', { number: index + 1 })} — ${names[c] ?? t('versions.parts.column', { number: c + 1 })}`;
      rows.push({
        key: `${block}.${index}.${c}`,
        label,
        before: a[c] ?? '',
        after: b[c] ?? '',
        // A whole row added or removed is one change, anchored on its first cell.
        change: c === 0 && wholeChange ? wholeChange : byId.get(cellId.table(block, index, c)),
        whole: op,
      });
    }
  });
  return rows;
}
