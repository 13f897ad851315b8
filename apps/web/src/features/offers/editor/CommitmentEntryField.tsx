import { memo, useId, useState } from 'react';
import { Checkbox, Select, Switch } from 'antd';
import { GrowingText } from './GrowingText';
import { useTranslation } from 'react-i18next';
import type { CommitmentEntry, ModeOfSupply } from '@portal/shared';
import { choiceOf, valueForChoice, type CommitmentChoice } from '../document';
import { TYPED_TEXT } from '../../../components/Bidi';
import { EntryProvenance } from '../../responses/AcceptedMark';

const CHOICES: CommitmentChoice[] = ['', 'Unbound*', 'Unbound', 'None', 'OTHER'];
const CHOICE_KEY = {
  '': 'blank',
  'Unbound*': 'unboundStar',
  Unbound: 'unbound',
  None: 'none',
  OTHER: 'other',
} as const;

interface Props {
  mode: ModeOfSupply;
  entry: CommitmentEntry;
  /** Names the column, for screen readers: "Limitations on market access". */
  blockLabel: string;
  /** The column in the offer editor: its accepted-value mark and history button (none in the counter-offer editor). */
  block?: 'MA' | 'NT';
  readOnly?: boolean;
  /** Receives an update of the entry (applied to the latest state, so a stable callback is enough). */
  onChange: (mode: ModeOfSupply, update: (entry: CommitmentEntry) => CommitmentEntry) => void;
}

/** One mode of supply: level of commitment (Other = written limitation), an optional comment, GATS+ and AfCFTA+. */
export const CommitmentEntryField = memo(function CommitmentEntryField({
  mode,
  entry,
  blockLabel,
  block,
  readOnly,
  onChange,
}: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [otherOpen, setOtherOpen] = useState(false);
  const choice = choiceOf(entry.value, otherOpen);
  const modeLabel = t(`offers.modes.${mode}`);
  const patch = (p: Partial<CommitmentEntry>) => onChange(mode, (e) => ({ ...e, ...p }));
  // Eight entries a sector each have a Comment switch and GATS+ / AfCFTA+ boxes: their accessible names say which
  // (block and mode, read before the visible word), so a screen-reader user can tell them apart.
  const whose = <span className="visually-hidden">{`${blockLabel}, ${modeLabel}:`}</span>;

  return (
    <fieldset className="commitment-entry" aria-label={`${blockLabel}: ${modeLabel}`}>
      <legend className="commitment-entry-mode">{modeLabel}</legend>
      {block && <EntryProvenance block={block} field={mode} label={`${blockLabel}: ${modeLabel}`} />}
      <Select
        id={`${id}-value`}
        className="commitment-entry-value"
        aria-label={`${modeLabel}: ${t('offers.entry.level')}`}
        value={choice}
        disabled={readOnly}
        onChange={(c: CommitmentChoice) => {
          setOtherOpen(c === 'OTHER');
          onChange(mode, (e) => ({ ...e, value: valueForChoice(c, e.value) }));
        }}
        options={CHOICES.map((c) => ({ value: c, label: t(`offers.values.${CHOICE_KEY[c]}`) }))}
      />
      {choice === 'OTHER' && (
        <GrowingText
          lines={[2, 8]}
          {...TYPED_TEXT}
          aria-label={`${modeLabel}: ${t('offers.entry.otherText')}`}
          placeholder={t('offers.entry.otherPlaceholder')}
          value={entry.value}
          readOnly={readOnly}
          onText={(value) => patch({ value })}
        />
      )}
      <div className="commitment-entry-flags">
        <label className="offers-switch">
          <Switch
            size="small"
            checked={entry.hasComment}
            disabled={readOnly}
            onChange={(on) => patch({ hasComment: on })}
          />
          <span>
            {whose} {t('offers.entry.comment')}
          </span>
        </label>
        <Checkbox
          checked={entry.isChecked}
          disabled={readOnly}
          onChange={(e) => patch({ isChecked: e.target.checked })}
        >
          {whose} {t('offers.entry.gatsPlus')}
        </Checkbox>
        <Checkbox
          checked={entry.isCheckedLiberation}
          disabled={readOnly}
          onChange={(e) => patch({ isCheckedLiberation: e.target.checked })}
        >
          {whose} {t('offers.entry.afcftaPlus')}
        </Checkbox>
      </div>
      {entry.hasComment && (
        <GrowingText
          {...TYPED_TEXT}
          aria-label={`${modeLabel}: ${t('offers.entry.comment')}`}
          value={entry.comment}
          readOnly={readOnly}
          onText={(comment) => patch({ comment })}
        />
      )}
    </fieldset>
  );
});
