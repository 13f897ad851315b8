import { useTranslation } from 'react-i18next';
import { sectorCpcText, type CommitmentEntry, type LimitationBlock, type Sector } from '@portal/shared';
import { Code, TextWithCodes, UserText } from '../../components/Bidi';
import { MODES_OF_SUPPLY } from '../offers/contract';
import { StoredTextView } from '../offers/view/RichTextView';
import { sectorTitle } from '../offers/document';

const VALUE_KEY: Record<string, 'none' | 'unbound' | 'unboundStar'> = {
  None: 'none',
  Unbound: 'unbound',
  'Unbound*': 'unboundStar',
};

/** One sector's specific commitments, read-only: services, codes, market access, national treatment, additional. */
export function SectorCommitmentView({ sector }: { sector: Sector }) {
  const { t } = useTranslation();
  const entry = (e: CommitmentEntry) => {
    const key = VALUE_KEY[e.value];
    const marks = [e.isChecked && t('offers.entry.gatsPlus'), e.isCheckedLiberation && t('offers.entry.afcftaPlus')]
      .filter(Boolean)
      .join(', ');
    return (
      <>
        {key ? t(`offers.values.${key}`) : e.value ? <UserText text={e.value} /> : '—'}
        {marks && <span className="compare-marks"> [{marks}]</span>}
        {e.hasComment && e.comment && (
          <span className="compare-note">
            {' ('}
            <UserText text={e.comment} />)
          </span>
        )}
      </>
    );
  };
  const block = (title: string, b: LimitationBlock) => (
    <section className="compare-block">
      <h4>{title}</h4>
      <dl className="compare-modes">
        {MODES_OF_SUPPLY.map((m) => (
          <div key={m} className="compare-mode">
            <dt>
              <TextWithCodes text={t(`offers.modes.${m}`)} />
            </dt>
            <dd>{entry(b[m])}</dd>
          </div>
        ))}
      </dl>
      {b.comment && <UserText as="p" className="compare-note" text={b.comment} />}
    </section>
  );
  const codes = sectorCpcText(sector);
  const additional = sector.sectorCommitement.additionalCommitment;
  return (
    <div className="compare-sector">
      <p className="compare-sector-title">
        <strong>
          <TextWithCodes text={sectorTitle(sector) ?? t('offers.preview.noService')} />
        </strong>
      </p>
      {sector.services.length > 1 && (
        <ul className="compare-services">
          {sector.services.slice(1).map((s) => (
            <li key={s.key}>
              {s.value && <Code>{s.value}</Code>} <UserText text={s.title} />
            </li>
          ))}
        </ul>
      )}
      {codes && (
        <p className="compare-codes">
          <TextWithCodes text={codes} />
        </p>
      )}
      {block(t('offers.terms.limitationsMA'), sector.sectorCommitement.limitationsMA)}
      {block(t('offers.terms.limitationsNT'), sector.sectorCommitement.limitationsOnNationalTreatment)}
      <section className="compare-block">
        <h4>{t('offers.terms.additional')}</h4>
        {additional.commitment ? <StoredTextView text={additional.commitment} /> : <p>—</p>}
        {additional.comment && <UserText as="p" className="compare-note" text={additional.comment} />}
      </section>
    </div>
  );
}
