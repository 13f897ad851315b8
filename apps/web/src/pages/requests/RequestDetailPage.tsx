import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, App, Button, Spin } from 'antd';
import { EditOutlined, MessageOutlined, RollbackOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { PageTitle } from '../../components/PageTitle';
import { UserText } from '../../components/Bidi';
import { offerErrorText } from '../../features/offers/errors';
import { useOffer } from '../../features/offers/queries';
import { useCountryNames } from '../../features/countries/useCountries';
import { AnswerRequest, RequestAnswerView } from '../../features/requests/AnswerRequest';
import { RequestComparison } from '../../features/requests/RequestComparison';
import { RequestStatusTag } from '../../features/requests/RequestStatusTag';
import { requestsApi } from '../../features/requests/api';
import { requestKeys, useOfferRequest } from '../../features/requests/queries';
import '../../features/requests/requests.css';
import { formatDateTime } from '../../i18n/dates';

/**
 * /request-offer/{id}/{requestId} — one request, read-only, beside the current commitments of the offer it targets,
 * entry by entry. The requested country's chief negotiator answers it; the requesting country edits its draft or
 * withdraws it (after a confirmation); both countries (and the secretariat) discuss it in their negotiation room.
 */
export default function RequestDetailPage() {
  const { id, requestId } = useParams();
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const countryLabel = useCountryNames();
  const request = useOfferRequest(id, requestId);
  const offer = useOffer(id, { enabled: request.isSuccess });
  const [busy, setBusy] = useState<'discuss' | 'withdraw' | null>(null);
  const r = request.data;

  const discuss = async () => {
    if (!r) return;
    setBusy('discuss');
    try {
      const { roomId } = await requestsApi.discuss(r.offerId, r.id);
      await navigate(`/chat/${roomId}/0`);
    } catch (error) {
      void message.error(offerErrorText(error, t), 8);
      setBusy(null);
    }
  };
  const withdraw = () => {
    if (!r) return;
    modal.confirm({
      title: t('requests.withdraw.title'),
      content: t('requests.withdraw.content'),
      okText: t('requests.withdraw.ok'),
      okButtonProps: { danger: true },
      cancelText: t('requests.withdraw.keep'),
      onOk: async () => {
        setBusy('withdraw');
        try {
          const done = await requestsApi.withdraw(r.offerId, r.id);
          queryClient.setQueryData(requestKeys.one(r.offerId, r.id), done);
          void queryClient.invalidateQueries({ queryKey: requestKeys.all });
          void message.success(t('requests.messages.withdrawn'));
        } catch (error) {
          void message.error(offerErrorText(error, t), 8);
        } finally {
          setBusy(null);
        }
      },
    });
  };

  let body;
  if (request.isError) body = <Alert type="error" showIcon title={offerErrorText(request.error, t)} />;
  else if (!r) body = <Spin className="offers-spin" />;
  else {
    const from = countryLabel(r.requestingCountryCode, r.requestingCountryName);
    const to = countryLabel(r.requestedCountryCode, r.requestedCountryName);
    const date = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '');
    const shown = offer.data?.versionShown;
    const offerLabel = shown
      ? t('requests.detail.offerVersion', { country: to, number: shown })
      : t('requests.detail.offerOf', { country: to });
    body = (
      <>
        <div className="request-header">
          <RequestStatusTag status={r.status} />
          <span>{t('requests.detail.fromTo', { from, to })}</span>
          <UserText text={r.offerName} />
          <span className="offers-hint">
            {r.sentAt
              ? t('requests.detail.sentOn', { date: date(r.sentAt), name: r.authorName })
              : t('requests.detail.draftBy', { date: date(r.updatedAt), name: r.authorName })}
          </span>
          <span className="request-header-end">
            {r.permissions.edit && (
              <ButtonLink icon={<EditOutlined />} to={`/request-offer/${r.offerId}?draft=${r.id}`}>
                {t('requests.actions.editDraft')}
              </ButtonLink>
            )}
            {r.status !== 'DRAFT' && (
              <Button icon={<MessageOutlined />} loading={busy === 'discuss'} onClick={() => void discuss()}>
                {t('offers.actions.discuss')}
              </Button>
            )}
            {r.permissions.withdraw && (
              <Button danger icon={<RollbackOutlined />} loading={busy === 'withdraw'} onClick={withdraw}>
                {t('requests.actions.withdraw')}
              </Button>
            )}
          </span>
        </div>
        {r.status === 'DRAFT' && (
          <Alert
            type="info"
            showIcon
            title={r.permissions.send ? t('requests.detail.draftChief') : t('requests.detail.draftFocal')}
          />
        )}
        {r.status === 'WITHDRAWN' && r.withdrawnAt && (
          <Alert type="warning" showIcon title={t('requests.detail.withdrawnOn', { date: date(r.withdrawnAt) })} />
        )}
        <section aria-labelledby="request-note-title">
          <h2 id="request-note-title" className="request-review-title">
            {t('requests.editor.note')}
          </h2>
          {r.note.trim() ? (
            <UserText as="p" className="request-note" text={r.note} />
          ) : (
            <p className="request-not-asked">{t('requests.detail.noNote')}</p>
          )}
        </section>
        <RequestAnswerView request={r} offerCountry={to} />
        {r.permissions.answer && <AnswerRequest request={r} />}
        <h2 className="request-review-title">{t('requests.detail.sectorsTitle', { count: r.sectorCount })}</h2>
        {offer.isError && <Alert type="warning" showIcon title={offerErrorText(offer.error, t)} />}
        <RequestComparison
          sectors={r.sectors}
          offerSectors={offer.data?.sectors ?? (offer.isError ? [] : null)}
          requestingCountry={from}
          offerLabel={offerLabel}
        />
      </>
    );
  }
  return (
    <>
      <PageTitle>{t('routes.requestOfferItem')}</PageTitle>
      {body}
    </>
  );
}
