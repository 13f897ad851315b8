/**
 * The marks of the offer editor for values accepted from counter offers: the banner above the editor counting them,
 * and beside each sector entry the mark saying where its value came from, with the entry's history button.
 */
import { Alert } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EntrySource } from '@portal/shared';
import { slot, WithUserValues } from '../../components/Bidi';
import { formatDay } from '../../i18n/dates';
import { useCountryNames } from '../countries/useCountries';
import { countByPart, placeOf, sectorEntryKey, type SectorEntryBlock, type SectorEntryField } from './acceptedEntries';
import { useAcceptedEntriesContext, useSectorScope } from './AcceptedEntriesContext';
import { EntryHistoryButton } from './EntryHistoryButton';
import './responses.css';

/** "3 changes accepted, not yet submitted", with how many stand in the sectors, horizontal commitments and MFN. */
export function AcceptedBanner() {
  const { t } = useTranslation();
  const accepted = useAcceptedEntriesContext();
  if (!accepted || accepted.entries.length === 0) return null;
  const counts = countByPart(accepted.entries);
  const parts = [
    [t('responses.provenance.sectors'), counts.SECTOR],
    [t('offers.terms.horizontal'), counts.HORIZONTAL],
    [t('offers.terms.mfn'), counts.MFN],
  ] as const;
  return (
    <Alert
      className="accepted-banner"
      type="info"
      showIcon
      title={t('responses.provenance.banner', { count: accepted.entries.length })}
      description={
        <>
          <p>{t('responses.provenance.bannerHint')}</p>
          <ul className="accepted-banner-parts">
            {parts
              .filter(([, count]) => count > 0)
              .map(([part, count]) => (
                <li key={part}>{t('responses.provenance.partCount', { part, count })}</li>
              ))}
          </ul>
        </>
      }
    />
  );
}

/** "Accepted from Senegal's counter offer of 28 Nov 2026": the country in the reader's language, the day it was sent. */
export function AcceptedMark({ source }: { source: EntrySource }) {
  const { t, i18n } = useTranslation();
  const countryLabel = useCountryNames();
  const values = [
    countryLabel(source.countryCode, source.countryName),
    formatDay(source.counterOfferSentAt, i18n.language),
  ];
  return (
    <span className="accepted-mark">
      <CheckCircleOutlined aria-hidden />
      <span>
        <WithUserValues text={t('responses.provenance.mark', { country: slot(0), date: slot(1) })} values={values} />
      </span>
    </span>
  );
}

/** The mark of the sector in scope when it was accepted whole (a sector a counter offer added). */
export function AcceptedSectorMark() {
  const accepted = useAcceptedEntriesContext();
  const sector = useSectorScope();
  const source = sector && accepted?.byPlace.get(placeOf(sector.sectorId, 'GENERAL', 'whole'));
  return source ? (
    <div className="entry-provenance">
      <AcceptedMark source={source} />
    </div>
  ) : null;
}

/**
 * Beside one entry of the sector in scope: its mark when its value was accepted from a counter offer, and its history
 * button. Nothing outside the offer editor.
 */
export function EntryProvenance({
  block,
  field,
  label,
}: {
  block: Exclude<SectorEntryBlock, 'GENERAL'>;
  field: Exclude<SectorEntryField, 'whole'>;
  /** Names the entry for screen readers: "Limitations on market access: 1) Cross-border supply". */
  label: string;
}) {
  const accepted = useAcceptedEntriesContext();
  const sector = useSectorScope();
  if (!accepted || !sector) return null;
  const source = accepted.byPlace.get(placeOf(sector.sectorId, block, field));
  return (
    <div className="entry-provenance">
      {source && <AcceptedMark source={source} />}
      <EntryHistoryButton
        offerId={accepted.offerId}
        entryKey={sectorEntryKey(sector, block, field)}
        label={label}
        ownerName={accepted.ownerName}
      />
    </div>
  );
}
