import { memo, useCallback } from 'react';
import { Collapse } from 'antd';
import { GrowingText } from './GrowingText';
import { useTranslation } from 'react-i18next';
import type { LimitationBlock, Sector, SectorCommitment } from '@portal/shared';
import { LimitationBlockEditor } from './LimitationBlockEditor';
import type { LimitationKey } from '../document';
import { SectorCodes } from '../view/SectorHeading';
import { AcceptedSectorMark, EntryProvenance } from '../../responses/AcceptedMark';
import { SectorEntriesScope } from '../../responses/AcceptedEntriesContext';

export type SectorUpdate = (update: (sector: Sector) => Sector) => void;

interface Props {
  sector: Sector;
  readOnly?: boolean;
  update: SectorUpdate;
}

/** Step 2 of a sector: market access and national treatment by mode of supply, and the additional commitments. */
export const SectorCommitmentsStep = memo(function SectorCommitmentsStep({ sector, readOnly, update }: Props) {
  const c = sector.sectorCommitement;
  const onBlock = useCallback(
    (kind: LimitationKey, change: (b: LimitationBlock) => LimitationBlock) =>
      update((s) => ({
        ...s,
        sectorCommitement: { ...s.sectorCommitement, [kind]: change(s.sectorCommitement[kind]) },
      })),
    [update],
  );

  return (
    <SectorEntriesScope sector={sector}>
      <div className="sector-commitments">
        <SectorCodes sector={sector} className="sector-commitments-title" />
        <AcceptedSectorMark />
        <div className="limitation-columns">
          <LimitationBlockEditor kind="limitationsMA" block={c.limitationsMA} readOnly={readOnly} onChange={onBlock} />
          <LimitationBlockEditor
            kind="limitationsOnNationalTreatment"
            block={c.limitationsOnNationalTreatment}
            readOnly={readOnly}
            onChange={onBlock}
          />
        </div>
        <AdditionalCommitments note={c.additionalCommitment} readOnly={readOnly} update={update} />
        <SectorNotes
          gats={c.gatsOffersAndCommitments}
          autonomous={c.sectorSubSectorAsadditionalToAutonomousLiberalisationRegime}
          readOnly={readOnly}
          update={update}
        />
      </div>
    </SectorEntriesScope>
  );
});

const setCommitment = (update: SectorUpdate, patch: (sc: SectorCommitment) => Partial<SectorCommitment>) =>
  update((s) => ({ ...s, sectorCommitement: { ...s.sectorCommitement, ...patch(s.sectorCommitement) } }));

/** The sector's additional commitments (memoized: a limitation edit does not re-render it). */
const AdditionalCommitments = memo(function AdditionalCommitments({
  note,
  readOnly,
  update,
}: {
  note: SectorCommitment['additionalCommitment'];
  readOnly?: boolean;
  update: SectorUpdate;
}) {
  const { t } = useTranslation();
  const setText = (patch: (sc: SectorCommitment) => Partial<SectorCommitment>) => setCommitment(update, patch);
  return (
    <section className="additional-commitments" aria-label={t('offers.terms.additional')}>
      <h3 className="limitation-block-title">{t('offers.terms.additional')}</h3>
      <EntryProvenance block="ADDITIONAL" field="commitment" label={t('offers.terms.additional')} />
      <GrowingText
        lines={[2, 10]}
        aria-label={t('offers.terms.additional')}
        value={note.commitment}
        readOnly={readOnly}
        onText={(commitment) => setText((sc) => ({ additionalCommitment: { ...sc.additionalCommitment, commitment } }))}
      />
      <GrowingText
        aria-label={`${t('offers.terms.additional')}: ${t('offers.entry.comment')}`}
        placeholder={t('offers.entry.comment')}
        value={note.comment}
        readOnly={readOnly}
        onText={(comment) => setText((sc) => ({ additionalCommitment: { ...sc.additionalCommitment, comment } }))}
      />
      <EntryProvenance
        block="ADDITIONAL"
        field="comment"
        label={`${t('offers.terms.additional')}: ${t('offers.entry.comment')}`}
      />
    </section>
  );
});

/** GATS and autonomous-regime notes of the sector, folded away. */
const SectorNotes = memo(function SectorNotes({
  gats,
  autonomous,
  readOnly,
  update,
}: {
  gats: string;
  autonomous: string;
  readOnly?: boolean;
  update: SectorUpdate;
}) {
  const { t } = useTranslation();
  const setText = (patch: (sc: SectorCommitment) => Partial<SectorCommitment>) => setCommitment(update, patch);
  return (
    <Collapse
      size="small"
      items={[
        {
          key: 'more',
          label: t('offers.sector.moreNotes'),
          children: (
            <div className="offers-stack">
              <label className="offers-field">
                <span>{t('offers.sector.gatsOffers')}</span>
                <GrowingText
                  value={gats}
                  readOnly={readOnly}
                  onText={(v) => setText(() => ({ gatsOffersAndCommitments: v }))}
                />
              </label>
              <label className="offers-field">
                <span>{t('offers.sector.autonomousRegime')}</span>
                <GrowingText
                  value={autonomous}
                  readOnly={readOnly}
                  onText={(v) => setText(() => ({ sectorSubSectorAsadditionalToAutonomousLiberalisationRegime: v }))}
                />
              </label>
            </div>
          ),
        },
      ]}
    />
  );
});
