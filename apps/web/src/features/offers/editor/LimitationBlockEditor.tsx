import { memo, useCallback } from 'react';
import { GrowingText } from './GrowingText';
import { useTranslation } from 'react-i18next';
import { type CommitmentEntry, type LimitationBlock, type ModeOfSupply } from '@portal/shared';
import { MODES_OF_SUPPLY } from '../contract';
import { CommitmentEntryField } from './CommitmentEntryField';
import type { LimitationKey } from '../document';
import { TYPED_TEXT } from '../../../components/Bidi';
import { EntryProvenance } from '../../responses/AcceptedMark';

interface Props {
  kind: LimitationKey;
  block: LimitationBlock;
  readOnly?: boolean;
  onChange: (kind: LimitationKey, update: (block: LimitationBlock) => LimitationBlock) => void;
}

/** A limitations column (market access or national treatment): the four modes of supply and a comment. */
export const LimitationBlockEditor = memo(function LimitationBlockEditor({ kind, block, readOnly, onChange }: Props) {
  const { t } = useTranslation();
  const title = t(kind === 'limitationsMA' ? 'offers.terms.limitationsMA' : 'offers.terms.limitationsNT');
  const blockKey = kind === 'limitationsMA' ? 'MA' : 'NT';
  const commentLabel = `${title}: ${t('offers.entry.blockComment')}`;
  const onEntry = useCallback(
    (mode: ModeOfSupply, update: (entry: CommitmentEntry) => CommitmentEntry) =>
      onChange(kind, (b) => ({ ...b, [mode]: update(b[mode]) })),
    [kind, onChange],
  );
  return (
    <section className="limitation-block" aria-label={title}>
      <h3 className="limitation-block-title">{title}</h3>
      {MODES_OF_SUPPLY.map((mode) => (
        <CommitmentEntryField
          key={mode}
          mode={mode}
          entry={block[mode]}
          blockLabel={title}
          block={blockKey}
          readOnly={readOnly}
          onChange={onEntry}
        />
      ))}
      <GrowingText
        {...TYPED_TEXT}
        aria-label={commentLabel}
        placeholder={t('offers.entry.blockComment')}
        value={block.comment}
        readOnly={readOnly}
        onText={(comment) => onChange(kind, (b) => ({ ...b, comment }))}
      />
      <EntryProvenance block={blockKey} field="comment" label={commentLabel} />
    </section>
  );
});
