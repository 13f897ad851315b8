import { useState } from 'react';
import { useParams } from 'react-router';
import { Alert, App, Button, Spin, Tag } from 'antd';
import { DiffOutlined, DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { PageTitle } from '../../components/PageTitle';
import { OfferDocumentView } from '../../features/offers/OfferDocumentView';
import { offerErrorText } from '../../features/offers/errors';
import { ChangeList } from '../../features/responses/ChangeList';
import { CounterOfferHeader } from '../../features/responses/CounterOfferHeader';
import { responsesApi } from '../../features/responses/api';
import { responseKeys, useResponseOffer } from '../../features/responses/queries';
import { useAttachPdf } from '../../features/responses/usePdfFlow';
import { useSession } from '../../features/session/useSession';
import '../../features/responses/responses.css';

/** /view-response-offer/:id — a counter offer, read-only, with its PDF and the way to the comparison. */
export default function ViewResponseOfferPage() {
  const { id } = useParams();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { profile } = useSession();
  const response = useResponseOffer(id);
  const { attach, element } = useAttachPdf();
  const [busy, setBusy] = useState<'download' | 'make' | null>(null);
  const r = response.data;

  const download = async () => {
    if (!r?.pdfFileKey) return;
    setBusy('download');
    try {
      const url = URL.createObjectURL(await responsesApi.pdf(r.pdfFileKey));
      const a = document.createElement('a');
      a.href = url;
      a.download = `counter-offer-${r.responderCountryCode}-${r.offerCountryCode}-v${r.versionNumber}.pdf`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      void message.error(offerErrorText(error, t));
    } finally {
      setBusy(null);
    }
  };

  const makePdf = async () => {
    if (!r) return;
    setBusy('make');
    try {
      await attach(r, r.original, r.document);
      void queryClient.invalidateQueries({ queryKey: responseKeys.all });
      void message.success(t('responses.messages.pdfAttached'));
    } catch {
      void message.error(t('responses.messages.uploadFailed'));
    } finally {
      setBusy(null);
    }
  };

  let body;
  if (response.isError) body = <Alert type="error" showIcon title={offerErrorText(response.error, t)} />;
  else if (!r) body = <Spin className="offers-spin" />;
  else
    body = (
      <>
        <CounterOfferHeader summary={r}>
          {r.pdfFileKey ? (
            <Button icon={<DownloadOutlined />} loading={busy === 'download'} onClick={() => void download()}>
              {t('responses.view.downloadPdf')}
            </Button>
          ) : (
            <>
              <Tag>{t('responses.view.noPdf')}</Tag>
              {profile?.countryCode === r.responderCountryCode && (
                <Button icon={<FilePdfOutlined />} loading={busy === 'make'} onClick={() => void makePdf()}>
                  {t('responses.view.makePdf')}
                </Button>
              )}
            </>
          )}
          <ButtonLink type="primary" icon={<DiffOutlined />} to={`/compare-versions/${r.offerId}/${r.id}`}>
            {t('responses.view.compare')}
          </ButtonLink>
        </CounterOfferHeader>
        <ChangeList original={r.original} counter={r.document} />
        <OfferDocumentView
          doc={r.document}
          meta={{
            countryName: r.offerCountryName,
            statusLabel: t('responses.pdf.counterBy', { country: r.responderCountryName }),
            versionLabel: t('offers.versions.number', { number: r.versionNumber }),
          }}
        />
      </>
    );
  return (
    <>
      <PageTitle>{t('routes.viewResponseOffer')}</PageTitle>
      {body}
      {element}
    </>
  );
}
