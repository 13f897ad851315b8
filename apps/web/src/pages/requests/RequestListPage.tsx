import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { isStaff } from '@portal/shared';
import { PageTitle } from '../../components/PageTitle';
import { offerErrorText } from '../../features/offers/errors';
import { NewRequest } from '../../features/requests/RequestAction';
import { RequestTable } from '../../features/requests/RequestTable';
import { useRequestLists } from '../../features/requests/queries';
import { useSession } from '../../features/session/useSession';
import '../../features/requests/requests.css';

/**
 * /request-offer/ — the requests of the caller's country: sent (its drafts included) and received, each with its
 * status, date, the other country and the number of sectors asked; a new request starts from another member's
 * conditional offer. The secretariat sees every request sent in the bloc.
 */
export default function RequestListPage() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const lists = useRequestLists();
  const staff = isStaff(profile?.role);
  const received = lists.data?.received;
  const sent = lists.data?.sent;
  return (
    <>
      <PageTitle>{t('routes.requestOffer')}</PageTitle>
      <p className="offers-hint">{staff ? t('requests.list.hintStaff') : t('requests.list.hint')}</p>
      <NewRequest />
      {lists.isError && <Alert type="error" showIcon title={offerErrorText(lists.error, t)} />}
      {staff ? (
        <RequestTable rows={received} side="all" label={t('requests.list.all')} loading={lists.isLoading} />
      ) : (
        <div className="request-sections">
          <section aria-labelledby="requests-received">
            <h2 id="requests-received" className="request-review-title">
              {t('requests.list.receivedCount', { count: received?.length ?? 0 })}
            </h2>
            <RequestTable
              rows={received}
              side="received"
              label={t('requests.list.received')}
              loading={lists.isLoading}
            />
          </section>
          <section aria-labelledby="requests-sent">
            <h2 id="requests-sent" className="request-review-title">
              {t('requests.list.sentCount', { count: sent?.length ?? 0 })}
            </h2>
            <RequestTable rows={sent} side="sent" label={t('requests.list.sent')} loading={lists.isLoading} />
          </section>
        </div>
      )}
    </>
  );
}
