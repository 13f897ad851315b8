import { Alert, Spin } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { writesCountryOffer, type Dashboard, type Role } from '@portal/shared';
import { OfferStatusTag } from '../offers/list/OfferStatusTag';
import { useCountryNames } from '../countries/useCountries';
import { UserText } from '../../components/Bidi';
import { errorText } from '../../api/errorText';
import { useDashboard } from './api';
import { WaitingSection } from './WaitingSection';
import './dashboard.css';
import { formatDay } from '../../i18n/dates';

/** The dashboard's "what waits for me": each line links to the screen where it is handled. */
export function WaitingForMe({ role }: { role: Role }) {
  const { t, i18n } = useTranslation();
  const { data, error, isPending } = useDashboard();
  const countryName = useCountryNames();
  const date = (iso: string) => formatDay(iso, i18n.language);
  if (isPending) return <Spin />;
  if (error || !data) return <Alert type="error" showIcon message={errorText(t, error)} />;
  const d: Dashboard = data;
  return (
    <section aria-labelledby="waiting-title" className="waiting">
      <h2 id="waiting-title">{t('dashboard.waiting.title')}</h2>
      {writesCountryOffer(role) && (
        <div className="waiting-offer">
          {d.myOffer ? (
            <>
              <Link to={d.myOffer.link}>
                <UserText text={d.myOffer.name} />
              </Link>{' '}
              <OfferStatusTag status={d.myOffer.status} />
              {d.myOffer.lastComment && (
                <blockquote className="waiting-comment">
                  <strong>
                    {t('dashboard.waiting.lastComment', { version: d.myOffer.lastComment.versionNumber })}
                  </strong>{' '}
                  <UserText text={d.myOffer.lastComment.text} />
                </blockquote>
              )}
            </>
          ) : (
            <Link to="/add-offer">{t('dashboard.waiting.noOffer')}</Link>
          )}
        </div>
      )}
      <div className="waiting-grid">
        <WaitingSection
          title={t('dashboard.waiting.requests')}
          rows={d.requests}
          line={(r) => ({
            key: r.requestId,
            text: t('dashboard.waiting.request', {
              country: countryName(r.requestingCountryCode, r.requestingCountryName),
              count: r.sectorCount,
              date: date(r.sentAt),
            }),
          })}
        />
        <WaitingSection
          title={t('dashboard.waiting.counterOffers')}
          rows={d.counterOffers}
          line={(r) => ({
            key: r.responseId,
            text: t('dashboard.waiting.counterOffer', {
              country: countryName(r.responderCountryCode, r.responderCountryName),
              version: r.versionNumber,
              date: date(r.sentAt),
            }),
          })}
        />
        <WaitingSection
          title={t('dashboard.waiting.awaitingDecision')}
          rows={d.awaitingDecision}
          line={(o) => ({
            key: o.offerId,
            text: t('dashboard.waiting.version', {
              country: countryName(o.countryCode, o.countryName),
              status: t(`offers.status.${o.status}`),
              version: o.versionNumber,
              date: date(o.submittedAt),
            }),
          })}
        />
        <WaitingSection
          title={t('dashboard.waiting.countriesWithoutOffer')}
          rows={d.countriesWithoutOffer}
          line={(c) => ({
            key: c.code,
            state: { countryId: c.countryId, countryName: c.name },
            text: t('dashboard.waiting.createOffer', { country: countryName(c.code, c.name) ?? c.name }),
          })}
        />
        <WaitingSection
          title={t('dashboard.waiting.rooms')}
          rows={d.rooms}
          line={(r) => ({
            key: r.roomId,
            text: (
              <>
                <UserText text={r.title} /> {t('dashboard.waiting.unread', { count: r.unread })}
              </>
            ),
          })}
        />
      </div>
    </section>
  );
}
