import { useTranslation } from 'react-i18next';
import type { AuditLog } from '@portal/shared';
import { UserText } from '../../components/Bidi';
import { useCountryNames } from '../countries/useCountries';
import { detailsText } from './auditValue';

/**
 * The details cell of an audit row: the offer and the conversation it is about by name (the offer's name as its
 * country wrote it, never translated; its country in the interface language), the id kept in the tooltip, then the
 * rest of the value as lines. An id that matches nothing any more reads "(deleted offer)".
 */
export function AuditDetails({ row }: { row: Pick<AuditLog, 'value' | 'offer' | 'room'> }) {
  const { t } = useTranslation();
  const countryName = useCountryNames();
  const { value, offer, room } = row;
  // The value's offer id and country code are said above by name (the code only when it is the offer's own).
  const omit = [
    ...(offer ? ['offerId'] : []),
    ...(offer?.countryCode && isRecord(value) && value.country === offer.countryCode ? ['country'] : []),
    ...(room ? ['roomId'] : []),
  ];
  const rest = value === null || value === undefined ? '' : detailsText(value, omit);
  if (!offer && !room && !rest) return <>—</>;
  return (
    <div className="bo-audit-details">
      {offer && (
        <div className="bo-audit-subject" title={offer.id}>
          <span className="bo-audit-subject-label">{t('backoffice.audit.subjects.offer')}</span>{' '}
          {offer.name === null ? (
            <em>{t('backoffice.audit.subjects.deletedOffer')}</em>
          ) : (
            <>
              <UserText text={offer.name} as="strong" />
              {offer.countryCode && <> · {countryName(offer.countryCode, offer.countryName)}</>}
            </>
          )}
        </div>
      )}
      {room && (
        <div className="bo-audit-subject" title={room.id}>
          <span className="bo-audit-subject-label">{t('backoffice.audit.subjects.room')}</span>{' '}
          {room.title === null ? <em>{t('backoffice.audit.subjects.deletedRoom')}</em> : <UserText text={room.title} />}
        </div>
      )}
      {rest && (
        <pre className="bo-json" dir="ltr">
          {rest}
        </pre>
      )}
    </div>
  );
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
