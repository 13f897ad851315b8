import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { Alert, App, Button, Spin, Tag } from 'antd';
import { DiffOutlined, DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { PageTitle } from '../../components/PageTitle';
import { OfferDocumentView } from '../../features/offers/view/OfferDocumentView';
import { offerErrorText } from '../../features/offers/errors';
import { ChangeList } from '../../features/responses/ChangeList';
import { CounterOfferHeader } from '../../features/responses/CounterOfferHeader';
import { responsesApi } from '../../features/responses/api';
import type { ViewResponseOfferState } from '../../features/responses/navigation';
import { responseKeys, useResponseEntries, useResponseOffer } from '../../features/responses/queries';
import { DecisionSummary } from '../../features/responses/DecisionSummary';
import { useAttachPdf } from '../../features/responses/usePdfFlow';
import { ExportMenu } from '../../features/documents/ExportMenu';
import { documentErrorText } from '../../features/documents/errors';
import { CounterOfferStatusTag, SendCounterOfferButton } from '../../features/responses/SendCounterOffer';
import { useSession } from '../../features/session/useSession';
import { useCountryNames } from '../../features/countries/useCountries';
import '../../features/responses/responses.css';

/**
 * /view-response-offer/:id — a counter offer, read-only, with its attached PDF (attached again here when making it
 * failed), its documents in any language and format, and the way to the comparison.
 */
export default function ViewResponseOfferPage() {
  const { id } = useParams();
  const { t } = useTranslation();
  const countryName = useCountryNames();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { profile } = useSession();
  const response = useResponseOffer(id);
  const attach = useAttachPdf();
  const [busy, setBusy] = useState<'download' | 'make' | null>(null);
  // Saving may have landed here because the PDF could not be made: say why until the next try.
  const location = useLocation();
  const [attachError, setAttachError] = useState<string | null>(
    (location.state as ViewResponseOfferState | null)?.pdfError ?? null,
  );
  const r = response.data;
  const entries = useResponseEntries(r?.status === 'SENT' ? r.id : undefined);

  const download = async () => {
    if (!r?.pdfFileKey) return;
    setBusy('download');
    try {
      await responsesApi.downloadPdf(
        r.pdfFileKey,
        `counter-offer-${r.responderCountryCode}-${r.offerCountryCode}-v${r.versionNumber}.pdf`,
      );
    } catch (error) {
      void message.error(offerErrorText(error, t));
    } finally {
      setBusy(null);
    }
  };

  const makePdf = async () => {
    if (!r) return;
    setBusy('make');
    setAttachError(null);
    try {
      await attach(r);
      void queryClient.invalidateQueries({ queryKey: responseKeys.all });
      void message.success(t('responses.messages.pdfAttached'));
    } catch (error) {
      // Never a silent or empty file: the server's reason stays on screen until the next try.
      setAttachError(documentErrorText(error, t));
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
          <CounterOfferStatusTag status={r.status} />
          <SendCounterOfferButton summary={r} />
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
          <ExportMenu source={{ kind: 'counterOffer', responseId: r.id }} />
          <ButtonLink type="primary" icon={<DiffOutlined />} to={`/compare-versions/${r.offerId}/${r.id}`}>
            {entries.data?.mayDecide ? t('responses.decisions.answer') : t('responses.view.compare')}
          </ButtonLink>
        </CounterOfferHeader>
        {entries.data && <DecisionSummary entries={entries.data} />}
        {r.status === 'DRAFT' && (
          <Alert type="info" showIcon title={t('workflow.counter.draftBanner', { author: r.authorName })} />
        )}
        {attachError && !r.pdfFileKey && (
          <Alert
            type="error"
            showIcon
            role="alert"
            className="counter-offer-pdf-error"
            title={attachError}
            description={t('documents.counter.savedWithoutPdf')}
          />
        )}
        <ChangeList original={r.original} counter={r.document} />
        <OfferDocumentView
          doc={r.document}
          meta={{
            countryName: countryName(r.offerCountryCode, r.offerCountryName),
            statusLabel: t('responses.pdf.counterBy', {
              country: countryName(r.responderCountryCode, r.responderCountryName),
            }),
            versionLabel: t('offers.versions.number', { number: r.versionNumber }),
          }}
        />
      </>
    );
  return (
    <>
      <PageTitle>{t('routes.viewResponseOffer')}</PageTitle>
      {body}
    </>
  );
}
