import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { sectorOrder, type CommitmentEntry, type Sector } from '@portal/shared';
import { UserText } from '../../components/Bidi';
import { useSectorTabs } from '../offers/editor/EditorTabs';
import { MODES_OF_SUPPLY } from '../offers/contract';
import { entryText } from '../responses/entryText';
import { LIMITATION_KEYS } from './requestDocument';
import { ColumnHeads } from '../../components/ColumnHeads';

/** The sector of the offer that schedules a requested sector: the first with one of its services (same code scheme). */
export function matchingSector(asked: Sector, offerSectors: Sector[]): Sector | null {
  const codes = new Set(asked.services.map((s) => s.value));
  return offerSectors.find((s) => s.type === asked.type && s.services.some((x) => codes.has(x.value))) ?? null;
}

interface Props {
  sectors: Sector[];
  /** The offer's current sectors; null while loading or when the caller may not read them. */
  offerSectors: Sector[] | null;
  requestingCountry: string;
  /** "Kenya's offer (version 2)". */
  offerLabel: string;
}

/**
 * A request read-only beside the offer it targets, entry by entry: for each sector asked, market access and national
 * treatment mode by mode and the additional commitments, what is asked and what the offer now schedules.
 */
export function RequestComparison({ sectors, offerSectors, requestingCountry, offerLabel }: Props) {
  const { t } = useTranslation();
  const tabs = useSectorTabs(sectors);
  const blockTitle = (key: (typeof LIMITATION_KEYS)[number]) =>
    t(key === 'limitationsMA' ? 'offers.terms.limitationsMA' : 'offers.terms.limitationsNT');
  const cell = (entry: CommitmentEntry | undefined, asked: boolean) => {
    if (!entry) return <span className="request-not-asked">{t('requests.detail.notScheduled')}</span>;
    if (asked && entry.value.trim() === '')
      return <span className="request-not-asked">{t('requests.detail.notAsked')}</span>;
    return <UserText text={entryText(entry, t)} />;
  };
  return (
    <div className="request-sections">
      {sectorOrder(sectors).map((i) => {
        const sector = sectors[i]!;
        const current = offerSectors ? matchingSector(sector, offerSectors) : null;
        const name = tabs[i]?.title ?? sector.services[0]?.value ?? '';
        const note = (s: Sector | null) => s?.sectorCommitement.additionalCommitment;
        return (
          <section key={sector.sectorId} aria-label={name}>
            <table className="request-compare">
              <caption className="request-sector-title">
                <UserText text={name} />
              </caption>
              <ColumnHeads
                names={[
                  t('requests.detail.entry'),
                  t('requests.detail.asked', { country: requestingCountry }),
                  t('requests.detail.current', { offer: offerLabel }),
                ]}
              />
              <tbody>
                {LIMITATION_KEYS.map((key) => (
                  <Fragment key={key}>
                    {MODES_OF_SUPPLY.map((mode) => (
                      <tr key={mode}>
                        <th scope="row">
                          {blockTitle(key)} — {t(`offers.modes.${mode}`)}
                        </th>
                        <td>{cell(sector.sectorCommitement[key][mode], true)}</td>
                        <td>
                          {offerSectors === null
                            ? '…'
                            : current
                              ? cell(current.sectorCommitement[key][mode], false)
                              : cell(undefined, false)}
                        </td>
                      </tr>
                    ))}
                  </Fragment>
                ))}
                <tr>
                  <th scope="row">{t('offers.terms.additional')}</th>
                  <td>
                    {note(sector)?.commitment.trim() ? (
                      <UserText text={note(sector)!.commitment} />
                    ) : (
                      <span className="request-not-asked">{t('requests.detail.notAsked')}</span>
                    )}
                  </td>
                  <td>
                    {offerSectors === null ? (
                      '…'
                    ) : current ? (
                      <UserText text={note(current)?.commitment.trim() || '—'} />
                    ) : (
                      <span className="request-not-asked">{t('requests.detail.notScheduled')}</span>
                    )}
                  </td>
                </tr>
              </tbody>
            </table>
          </section>
        );
      })}
    </div>
  );
}
