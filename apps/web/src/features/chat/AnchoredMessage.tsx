import { Fragment } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { anchorLink, type ChatAnchor } from '@portal/shared';
import { Code, slot, TextWithCodes, UserText, WithUserValues } from '../../components/Bidi';
import { useCountryNames } from '../countries/useCountries';

type RequestAnchor = Extract<ChatAnchor, { kind: 'request' }>;
type EntryAnchor = Extract<ChatAnchor, { kind: 'entry' }>;

/**
 * A message anchored to a request or to an entry of a counter offer, written in the reader's language from its anchor
 * (country names from their codes, fixed terms from the locale files), with a link to what it names. Codes stay left
 * to right and what users wrote keeps its own direction (Bidi), so it reads the same way in Arabic.
 */
export function AnchoredMessage({ anchor }: { anchor: ChatAnchor }) {
  const { t } = useTranslation();
  const isRequest = anchor.kind === 'request';
  return (
    <div
      className="chat-anchor"
      role="group"
      aria-label={isRequest ? t('chat.anchor.requestLabel') : t('chat.anchor.entryLabel')}
    >
      {isRequest ? <RequestLines anchor={anchor} /> : <EntryLines anchor={anchor} />}
      <Link className="chat-anchor-link" to={anchorLink(anchor)}>
        {isRequest ? t('chat.anchor.openRequest') : t('chat.anchor.openEntry')}
      </Link>
    </div>
  );
}

function RequestLines({ anchor }: { anchor: RequestAnchor }) {
  const { t } = useTranslation();
  const country = useCountryNames();
  const count = anchor.sectorCount;
  const more = count - anchor.sectors.length;
  return (
    <>
      <p className="chat-anchor-line">
        <WithUserValues
          text={t('chat.anchor.request', {
            from: slot(0),
            to: slot(1),
            offer: slot(2),
            sectors: count === 1 ? t('chat.anchor.sectorsOne', { count }) : t('chat.anchor.sectorsMany', { count }),
          })}
          values={[
            country(anchor.requestingCountryCode, anchor.requestingCountryCode),
            country(anchor.requestedCountryCode, anchor.requestedCountryCode),
            anchor.offerName,
          ]}
        />
      </p>
      {anchor.sectors.length > 0 && (
        <ul className="chat-anchor-sectors">
          {anchor.sectors.map((s, i) => (
            <li key={i}>
              <Code>{s.code}</Code> <UserText text={s.title} />
            </li>
          ))}
          {more > 0 && <li>{t('chat.anchor.moreSectors', { count: more })}</li>}
        </ul>
      )}
      {anchor.note && (
        <p className="chat-anchor-line chat-anchor-note">
          <WithUserValues text={t('chat.anchor.note', { note: slot(0) })} values={[anchor.note]} />
        </p>
      )}
    </>
  );
}

function EntryLines({ anchor }: { anchor: EntryAnchor }) {
  const { t } = useTranslation();
  const country = useCountryNames();
  const where = [blockLabel(anchor, t), anchor.mode ? t(`offers.modes.${anchor.mode}`) : null].filter(
    (x): x is string => !!x,
  );
  return (
    <>
      <p className="chat-anchor-line">
        <WithUserValues
          text={t('chat.anchor.entry', { responder: slot(0), country: slot(1) })}
          values={[
            country(anchor.responderCountryCode, anchor.responderCountryCode),
            country(anchor.offerCountryCode, anchor.offerCountryCode),
          ]}
        />
      </p>
      <p className="chat-anchor-line">
        {anchor.part === 'SECTOR' ? (
          anchor.sectorCodes.map((code, i) => (
            <Fragment key={i}>
              {i > 0 && ', '}
              <Code>{code}</Code>
            </Fragment>
          ))
        ) : (
          <>{anchor.part === 'HORIZONTAL' ? t('offers.terms.horizontal') : t('offers.terms.mfn')}</>
        )}
        {anchor.sectorTitle && (
          <>
            {' '}
            <UserText text={anchor.sectorTitle} />
          </>
        )}
        {where.map((label) => (
          <Fragment key={label}>
            {' — '}
            <TextWithCodes text={label} />
          </Fragment>
        ))}
      </p>
      <p className="chat-anchor-line chat-anchor-change">
        <WithUserValues
          text={t('chat.anchor.change', { original: slot(0), proposed: slot(1) })}
          values={[anchor.original || t('chat.anchor.empty'), anchor.proposed || t('chat.anchor.empty')]}
        />
      </p>
    </>
  );
}

/** The block of an entry: a column of the schedule (market access…), of the horizontal table or of the MFN table. */
function blockLabel(anchor: EntryAnchor, t: TFunction): string {
  switch (anchor.block) {
    case 'MA':
    case 'NT':
    case 'ADDITIONAL':
      return t(`chat.anchor.blocks.${anchor.block}`);
    case 'GENERAL':
      return anchor.part === 'SECTOR' ? t('chat.anchor.blocks.GENERAL') : t('offers.table.horizontal.sector');
    default:
      return t(`offers.table.mfn.${anchor.block}`);
  }
}
