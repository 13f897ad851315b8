import { memo, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommitmentEntry, ModeOfSupply, Sector } from '@portal/shared';
import { UserText } from '../../components/Bidi';
import { MODES_OF_SUPPLY } from '../offers/contract';
import type { LimitationKey } from '../offers/document';
import { SectorCodes, SectorTitle } from '../offers/view/SectorHeading';
import { CounterEntryField } from './CounterEntryField';
import { editSectorEntry, LIMITATION_KEYS, resetSectorEntry } from './counterEntry';

interface Props {
  number: number;
  sector: Sector;
  original: Sector;
  update: (update: (sector: Sector) => Sector) => void;
  onChat: () => void;
}

/** A sector of the offer answered, every mode-of-supply entry editable in counter-offer mode; the rest read-only. */
export const CounterSectorPanel = memo(function CounterSectorPanel({
  number,
  sector,
  original,
  update,
  onChat,
}: Props) {
  const { t } = useTranslation();
  const [resets, setResets] = useState<Record<string, number>>({});
  const onReset = useCallback((key: string) => setResets((r) => ({ ...r, [key]: (r[key] ?? 0) + 1 })), []);
  const c = sector.sectorCommitement;
  return (
    <div className="offers-stack">
      <SectorTitle sector={sector} number={number} />
      <SectorCodes sector={sector} />
      <p className="offers-hint">{t('responses.editor.sectorHint')}</p>
      <div className="limitation-columns">
        {LIMITATION_KEYS.map((kind) => (
          <CounterBlock
            key={kind}
            kind={kind}
            sector={sector}
            original={original}
            resets={resets}
            update={update}
            onChat={onChat}
            onReset={onReset}
          />
        ))}
      </div>
      {(c.additionalCommitment.commitment || c.additionalCommitment.comment) && (
        <section className="additional-commitments" aria-label={t('offers.terms.additional')}>
          <h3 className="limitation-block-title">{t('offers.terms.additional')}</h3>
          <UserText as="p" className="counter-readonly-text" text={c.additionalCommitment.commitment} />
          {c.additionalCommitment.comment && (
            <UserText as="p" className="counter-readonly-text" text={c.additionalCommitment.comment} />
          )}
        </section>
      )}
    </div>
  );
});

interface BlockProps {
  kind: LimitationKey;
  sector: Sector;
  original: Sector;
  resets: Record<string, number>;
  update: Props['update'];
  onChat: () => void;
  onReset: (key: string) => void;
}

function CounterBlock({ kind, sector, original, resets, update, onChat, onReset }: BlockProps) {
  const { t } = useTranslation();
  const title = t(kind === 'limitationsMA' ? 'offers.terms.limitationsMA' : 'offers.terms.limitationsNT');
  const block = sector.sectorCommitement[kind];
  const onChange = useCallback(
    (mode: ModeOfSupply, change: (entry: CommitmentEntry) => CommitmentEntry) =>
      update((s) => editSectorEntry(s, original, kind, mode, change)),
    [update, original, kind],
  );
  const reset = useCallback(
    (mode: ModeOfSupply) => {
      update((s) => resetSectorEntry(s, original, kind, mode));
      onReset(`${kind}.${mode}`);
    },
    [update, original, kind, onReset],
  );
  return (
    <section className="limitation-block" aria-label={title}>
      <h3 className="limitation-block-title">{title}</h3>
      {MODES_OF_SUPPLY.map((mode) => (
        <CounterEntryField
          key={mode}
          mode={mode}
          entry={block[mode]}
          original={original.sectorCommitement[kind][mode]}
          blockLabel={title}
          version={resets[`${kind}.${mode}`] ?? 0}
          onChange={onChange}
          onReset={reset}
          onChat={onChat}
        />
      ))}
      {block.comment && <UserText as="p" className="counter-readonly-text" text={block.comment} />}
    </section>
  );
}
