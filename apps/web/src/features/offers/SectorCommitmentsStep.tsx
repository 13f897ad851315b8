import { memo, useCallback } from 'react';
import { Collapse, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LimitationBlock, Sector, SectorCommitment } from '@portal/shared';
import { LimitationBlockEditor } from './LimitationBlockEditor';
import type { LimitationKey } from './document';

export type SectorUpdate = (update: (sector: Sector) => Sector) => void;

interface Props {
  sector: Sector;
  readOnly?: boolean;
  update: SectorUpdate;
}

/** Step 2 of a sector: market access and national treatment by mode of supply, and the additional commitments. */
export const SectorCommitmentsStep = memo(function SectorCommitmentsStep({ sector, readOnly, update }: Props) {
  const { t } = useTranslation();
  const c = sector.sectorCommitement;
  const onBlock = useCallback(
    (kind: LimitationKey, change: (b: LimitationBlock) => LimitationBlock) =>
      update((s) => ({ ...s, sectorCommitement: { ...s.sectorCommitement, [kind]: change(s.sectorCommitement[kind]) } })),
    [update],
  );
  const setText = (patch: (sc: SectorCommitment) => Partial<SectorCommitment>) =>
    update((s) => ({ ...s, sectorCommitement: { ...s.sectorCommitement, ...patch(s.sectorCommitement) } }));

  return (
    <div className="sector-commitments">
      {(sector.provisional_codes.length > 0 || sector.cpc_codes.length > 0) && (
        <p className="sector-commitments-title sector-codes">
          {t('offers.sector.cpc')} {[...sector.provisional_codes, ...sector.cpc_codes].join(', ')}
        </p>
      )}
      <div className="limitation-columns">
        <LimitationBlockEditor kind="limitationsMA" block={c.limitationsMA} readOnly={readOnly} onChange={onBlock} />
        <LimitationBlockEditor kind="limitationsOnNationalTreatment" block={c.limitationsOnNationalTreatment} readOnly={readOnly} onChange={onBlock} />
      </div>
      <section className="additional-commitments" aria-label={t('offers.terms.additional')}>
        <h3 className="limitation-block-title">{t('offers.terms.additional')}</h3>
        <Input.TextArea
          aria-label={t('offers.terms.additional')}
          autoSize={{ minRows: 2, maxRows: 10 }}
          value={c.additionalCommitment.commitment}
          readOnly={readOnly}
          maxLength={20000}
          onChange={(e) => {
            const commitment = e.target.value;
            setText((sc) => ({ additionalCommitment: { ...sc.additionalCommitment, commitment } }));
          }}
        />
        <Input.TextArea
          aria-label={`${t('offers.terms.additional')}: ${t('offers.entry.comment')}`}
          placeholder={t('offers.entry.comment')}
          autoSize={{ minRows: 1, maxRows: 6 }}
          value={c.additionalCommitment.comment}
          readOnly={readOnly}
          maxLength={20000}
          onChange={(e) => {
            const comment = e.target.value;
            setText((sc) => ({ additionalCommitment: { ...sc.additionalCommitment, comment } }));
          }}
        />
      </section>
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
                  <Input.TextArea
                    autoSize={{ minRows: 1, maxRows: 6 }}
                    value={c.gatsOffersAndCommitments}
                    readOnly={readOnly}
                    maxLength={20000}
                    onChange={(e) => {
                      const v = e.target.value;
                      setText(() => ({ gatsOffersAndCommitments: v }));
                    }}
                  />
                </label>
                <label className="offers-field">
                  <span>{t('offers.sector.autonomousRegime')}</span>
                  <Input.TextArea
                    autoSize={{ minRows: 1, maxRows: 6 }}
                    value={c.sectorSubSectorAsadditionalToAutonomousLiberalisationRegime}
                    readOnly={readOnly}
                    maxLength={20000}
                    onChange={(e) => {
                      const v = e.target.value;
                      setText(() => ({ sectorSubSectorAsadditionalToAutonomousLiberalisationRegime: v }));
                    }}
                  />
                </label>
              </div>
            ),
          },
        ]}
      />
    </div>
  );
});
