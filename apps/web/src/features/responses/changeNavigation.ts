import { useCallback, useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { MFN_COLUMNS, type OfferChange } from '@portal/shared';

/** The DOM id of the cell of a change (the comparison grid gives it, the change list jumps to it). */
export const changeAnchor = (changeId: string) => `change-${changeId.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** The position after a step: stays within the list (no wrap, so "12 / 12" then Next stays on the last change). */
export function stepChange(current: number, count: number, step: 1 | -1): number {
  if (count === 0) return 0;
  return Math.min(count - 1, Math.max(0, current + step));
}

/** True when a key press comes from a place where letters are typed (never steal a negotiator's keystrokes there). */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The change shown of a list of changes, and the keyboard: "n" or "j" next, "p" or "k" previous (as in mail and code
 * review tools), anywhere on the page except while typing. `onShow` is called with each change jumped to.
 */
export function useChangeNavigation(count: number, onShow: (index: number) => void) {
  const [current, setCurrent] = useState(0);
  const index = count === 0 ? 0 : Math.min(current, count - 1);
  const jump = useCallback(
    (to: number) => {
      if (count === 0) return;
      const next = Math.min(count - 1, Math.max(0, to));
      setCurrent(next);
      onShow(next);
    },
    [count, onShow],
  );
  const step = useCallback((by: 1 | -1) => jump(stepChange(index, count, by)), [jump, index, count]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return;
      const key = e.key.toLowerCase();
      if (key === 'n' || key === 'j') step(1);
      else if (key === 'p' || key === 'k') step(-1);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step]);
  return { index, jump, next: () => step(1), previous: () => step(-1) };
}

const BLOCK_KEY = {
  description: 'offers.horizontal.openingStatement',
  horizontal: 'offers.terms.horizontal',
  sector: 'versions.blocks.sector',
  limitationsMA: 'offers.terms.limitationsMA',
  limitationsOnNationalTreatment: 'offers.terms.limitationsNT',
  additionalCommitment: 'offers.terms.additional',
  mfn: 'offers.terms.mfn',
} as const;

const HORIZONTAL_COLUMNS = ['sector', 'limitationsMA', 'limitationsNT', 'additional'] as const;

/** The heading of a table column (a cell that spans columns is named by the column it starts in). */
function columnName(block: OfferChange['block'], column: number, t: TFunction): string {
  const horizontal = HORIZONTAL_COLUMNS[column];
  if (block === 'horizontal' && horizontal) return t(`offers.table.horizontal.${horizontal}`);
  const mfn = MFN_COLUMNS[column];
  if (block === 'mfn' && mfn) return t(`offers.table.mfn.${mfn}`);
  return t('versions.parts.column', { number: column + 1 });
}

/** Where a change is, in the reader's words: "Limitations on market access — 3) Commercial presence". */
export function changePlace(change: OfferChange, t: TFunction): string {
  const block = t(BLOCK_KEY[change.block]);
  const detail =
    change.mode !== null
      ? t(`offers.modes.${change.mode}`)
      : change.part === 'comment'
        ? t('versions.parts.comment')
        : change.part === 'whole'
          ? t(change.kind === 'added' ? 'versions.kinds.added' : 'versions.kinds.removed')
          : change.column !== null
            ? columnName(change.block, change.column, t)
            : '';
  return detail ? `${block} — ${detail}` : block;
}
