import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Offer } from '@portal/shared';
import { slot, WithUserValues } from '../../../components/Bidi';
import { formatDateTime } from '../../../i18n/dates';

/** The latest version when the secretariat sent it back (RETURNED), else null. */
function returnedVersion(offer: Pick<Offer, 'offerVersions'>): Offer['offerVersions'][number] | null {
  const latest = offer.offerVersions.reduce<Offer['offerVersions'][number] | null>(
    (a, v) => (!a || v.number > a.number ? v : a),
    null,
  );
  return latest?.status === 'RETURNED' ? latest : null;
}

/**
 * At the top of the editor of a returned offer: who of the secretariat sent it back, when, and its comment (written
 * in any language, so its direction is the text's own).
 */
export function ReturnedNotice({ offer }: { offer: Pick<Offer, 'offerVersions'> }) {
  const { t, i18n } = useTranslation();
  const version = returnedVersion(offer);
  if (!version) return null;
  const date = version.decidedAt ? formatDateTime(version.decidedAt, i18n.language) : '—';
  // The name as its owner wrote it and the date, each isolated in the sentence (an Arabic sentence around a Latin name).
  const by = version.decidedByName ? (
    <WithUserValues
      text={t('workflow.returned.by', { name: slot(0), date: slot(1), number: version.number })}
      values={[version.decidedByName, date]}
    />
  ) : (
    <WithUserValues text={t('workflow.returned.byNoName', { date: slot(0), number: version.number })} values={[date]} />
  );
  return (
    <Alert
      className="returned-notice"
      type="warning"
      showIcon
      title={t('workflow.returned.title')}
      description={
        <>
          <p>{by}</p>
          {version.comment && (
            <figure className="returned-comment">
              <figcaption>{t('workflow.returned.comment')}</figcaption>
              <blockquote dir="auto">{version.comment}</blockquote>
            </figure>
          )}
        </>
      }
    />
  );
}
