import type { TFunction } from 'i18next';
import type { CommitmentEntry } from '@portal/shared';

const VALUE_KEY: Record<string, 'none' | 'unbound' | 'unboundStar' | 'blank'> = {
  None: 'none',
  Unbound: 'unbound',
  'Unbound*': 'unboundStar',
  '': 'blank',
};

/** An entry as one line of a schedule: level of commitment (or the written limitation), marks, note. */
export function entryText(e: CommitmentEntry, t: TFunction): string {
  const key = VALUE_KEY[e.value.trim()];
  const level = key ? t(`offers.values.${key}`) : e.value;
  const marks = [e.isChecked && t('offers.entry.gatsPlus'), e.isCheckedLiberation && t('offers.entry.afcftaPlus')]
    .filter(Boolean)
    .join(', ');
  return [level, marks && `[${marks}]`, e.hasComment && e.comment.trim() ? `(${e.comment.trim()})` : '']
    .filter(Boolean)
    .join(' ');
}
