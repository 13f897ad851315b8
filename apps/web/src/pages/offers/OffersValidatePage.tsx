import { useState } from 'react';
import { Alert, App, Button, Input, Modal, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { awaitsReview, type OfferListItem } from '@portal/shared';
import { ButtonLink } from '../../components/ButtonLink';
import { PageTitle } from '../../components/PageTitle';
import { OfferTable } from '../../features/offers/list/OfferTable';
import { OfferViewerModal } from '../../features/offers/view/OfferViewerModal';
import { ExportMenu } from '../../features/documents/ExportMenu';
import { offerErrorText } from '../../features/offers/errors';
import { useOfferDecision, useValidationQueue } from '../../features/offers/queries';

/** /offers-validate — the secretariat's queue (awaiting review first): validate, send back with a comment, finalize. */
export default function OffersValidatePage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queue = useValidationQueue();
  const decision = useOfferDecision();
  const [viewing, setViewing] = useState<string | null>(null);
  const [sendingBack, setSendingBack] = useState<OfferListItem | null>(null);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState(false);

  const decide = async (offer: OfferListItem, kind: 'validate' | 'finalize' | 'sendBack', text?: string) => {
    try {
      await decision.mutateAsync({ id: offer.id, decision: kind, comment: text });
      void message.success(t(`offers.validate.done.${kind}`, { country: offer.countryName }));
      return true;
    } catch (e) {
      void message.error(offerErrorText(e, t));
      return false;
    }
  };
  const confirm = (offer: OfferListItem, kind: 'validate' | 'finalize') =>
    modal.confirm({
      title: t(`offers.validate.confirm.${kind}Title`, { country: offer.countryName }),
      content: t(`offers.validate.confirm.${kind}`),
      okText: t(`offers.validate.${kind}`),
      cancelText: t('offers.actions.back'),
      onOk: () => decide(offer, kind),
    });

  return (
    <>
      <PageTitle>{t('routes.offersValidate')}</PageTitle>
      <p className="offers-hint">{t('offers.validate.hint')}</p>
      {/* Staff land here from the menu's Workspace; creating an offer for a member state (and the counter offers) is on /offers. */}
      <div className="offers-create-link">
        <ButtonLink to="/offers" icon={<PlusOutlined />}>
          {t('offers.list.createForCountry')}
        </ButtonLink>
      </div>
      {queue.isError && <Alert type="error" showIcon title={offerErrorText(queue.error, t)} />}
      <OfferTable
        label={t('routes.offersValidate')}
        rows={queue.data}
        loading={queue.isLoading}
        columns={['country', 'name', 'status', 'lastSubmittedAt', 'versions', 'countryActive']}
        withVersions
        byCountry={false}
        emptyText={t('offers.validate.empty')}
        actions={(o) => {
          const pending = awaitsReview(o.status);
          return (
            <Space wrap>
              <Button size="small" onClick={() => setViewing(o.id)}>
                {t('offers.actions.view')}
              </Button>
              <ExportMenu size="small" source={{ kind: 'offer', offerId: o.id }} subject={o.name || o.countryName} />
              <Button size="small" type="primary" disabled={!pending} onClick={() => confirm(o, 'validate')}>
                {t('offers.validate.validate')}
              </Button>
              <Button
                size="small"
                disabled={!pending}
                onClick={() => {
                  setComment('');
                  setCommentError(false);
                  setSendingBack(o);
                }}
              >
                {t('offers.validate.sendBack')}
              </Button>
              <Button
                size="small"
                danger
                disabled={o.status === 'FINAL_OFFER' || o.versions === 0}
                onClick={() => confirm(o, 'finalize')}
              >
                {t('offers.validate.finalize')}
              </Button>
            </Space>
          );
        }}
      />
      <Modal
        open={sendingBack !== null}
        title={t('offers.validate.sendBackTitle', { country: sendingBack?.countryName ?? '' })}
        okText={t('offers.validate.sendBack')}
        cancelText={t('offers.actions.back')}
        confirmLoading={decision.isPending}
        onCancel={() => setSendingBack(null)}
        onOk={async () => {
          if (!comment.trim()) {
            setCommentError(true);
            return;
          }
          if (sendingBack && (await decide(sendingBack, 'sendBack', comment.trim()))) setSendingBack(null);
        }}
      >
        <label className="offers-field">
          <span>{t('offers.validate.comment')}</span>
          <Input.TextArea
            autoSize={{ minRows: 4, maxRows: 12 }}
            value={comment}
            maxLength={20000}
            status={commentError ? 'error' : undefined}
            onChange={(e) => {
              setComment(e.target.value);
              setCommentError(false);
            }}
          />
        </label>
        {commentError && <Alert type="error" showIcon role="alert" title={t('offers.validate.commentRequired')} />}
      </Modal>
      {viewing && <OfferViewerModal offerId={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
