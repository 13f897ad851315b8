import { useState } from 'react';
import { App, Button, Tag } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { maySendCounterOffer, type ResponseSummary } from '@portal/shared';
import { offerErrorText } from '../offers/errors';
import { useCountryNames } from '../countries/useCountries';
import { useSession } from '../session/useSession';
import { responsesApi } from './api';
import { responseKeys } from './queries';

/** A counter offer's state: Draft (waiting for the chief negotiator) or Sent. */
export function CounterOfferStatusTag({ status }: { status: ResponseSummary['status'] }) {
  const { t } = useTranslation();
  return status === 'DRAFT' ? (
    <Tag color="gold">{t('workflow.counter.draftTag')}</Tag>
  ) : (
    <Tag color="green">{t('workflow.counter.sentTag')}</Tag>
  );
}

/**
 * "Send in the country's name" on a draft counter offer of the user's country, for whoever may send it (its chief
 * negotiator: the rule that submits the country's offer). One action, after a confirmation naming the country whose
 * offer is answered and the number of changed entries.
 */
export function SendCounterOfferButton({
  summary,
  size,
}: {
  summary: Pick<
    ResponseSummary,
    'id' | 'status' | 'responderCountryCode' | 'offerCountryCode' | 'offerCountryName' | 'changedEntries'
  >;
  size?: 'small' | 'middle';
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const { profile } = useSession();
  const [busy, setBusy] = useState(false);
  const countryLabel = useCountryNames();
  if (
    summary.status !== 'DRAFT' ||
    !profile ||
    !maySendCounterOffer(profile.role) ||
    profile.countryCode !== summary.responderCountryCode
  )
    return null;
  const country = countryLabel(summary.offerCountryCode, summary.offerCountryName);
  const send = async () => {
    setBusy(true);
    try {
      await responsesApi.send(summary.id);
      void message.success(t('workflow.counter.sent', { country }));
    } catch (e) {
      void message.error(offerErrorText(e, t));
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: responseKeys.all });
    }
  };
  return (
    <Button
      type="primary"
      size={size}
      icon={<SendOutlined />}
      loading={busy}
      onClick={() =>
        modal.confirm({
          title: t('workflow.counter.sendConfirmTitle'),
          content: t('workflow.counter.sendConfirm', { country, count: summary.changedEntries }),
          okText: t('workflow.counter.sendDraft'),
          cancelText: t('offers.actions.back'),
          onOk: send,
        })
      }
    >
      {t('workflow.counter.sendDraft')}
    </Button>
  );
}
