import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Alert, App, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { maySendCounterOffer, type OfferDocument } from '@portal/shared';
import { PageTitle } from '../../components/PageTitle';
import { documentOf } from '../../features/offers/document';
import { clearDraft, draftIdFor, draftToOffer, finishDraft } from '../../features/offers/editor/draft';
import { offerErrorText } from '../../features/offers/errors';
import { offerKeys, useOffer } from '../../features/offers/queries';
import { useEditorExits } from '../../features/offers/editor/useEditorExits';
import { CounterOfferEditor } from '../../features/responses/CounterOfferEditor';
import { responsesApi } from '../../features/responses/api';
import { startCounterOffer } from '../../features/responses/counterEntry';
import { responseKeys } from '../../features/responses/queries';
import { saveCounterOffer } from '../../features/responses/saveFlow';
import type { ResponseOfferState, ViewResponseOfferState } from '../../features/responses/navigation';
import { useAttachPdf } from '../../features/responses/usePdfFlow';
import { documentErrorText } from '../../features/documents/errors';
import { useSession } from '../../features/session/useSession';
import { useCountryNames } from '../../features/countries/useCountries';

/** Counter offers hold no edit lease: there is nothing to release on leaving. */
const noLease = async () => undefined;

/**
 * /response-offer/:id — answer another country's offer (its latest submitted version) with a counter offer.
 * Saving creates the counter offer, then the server makes its PDF and attaches it (an empty POST), then the user goes
 * to /offers. When the PDF cannot be made, the counter offer stays saved: the user sees why and lands on its screen,
 * where attaching can be tried again.
 * Unsaved work is kept in a local draft of the user ('<user id>:counter:<offer id>'), offered for restore when the same version is answered.
 */
export default function ResponseOfferPage() {
  const { id } = useParams();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { profile } = useSession();
  const offer = useOffer(id);
  const attach = useAttachPdf();
  const countryLabel = useCountryNames();
  const [saving, setSaving] = useState(false);
  const countryCode = (location.state as ResponseOfferState | null)?.countryCode ?? profile?.countryCode ?? null;
  const original = useMemo(() => (offer.data ? startCounterOffer(documentOf(offer.data)) : null), [offer.data]);
  const draftId = draftIdFor(profile?.userId, `counter:${id ?? ''}`);
  const version = offer.data?.versionShown ?? 0;
  const restorable = useMemo(() => {
    const draft = original ? draftToOffer(draftId, original) : null;
    return draft && draft.baseRevision === version ? draft : null;
  }, [draftId, original, version]);
  const { cancel } = useEditorExits(draftId, noLease);

  const save = async (counter: OfferDocument) => {
    if (!id || !original) return;
    setSaving(true);
    const result = await saveCounterOffer({
      create: () => responsesApi.create(id, { counterCountry: countryCode, offer: counter }),
      attach,
    });
    void queryClient.invalidateQueries({ queryKey: responseKeys.all });
    if (result.outcome === 'failed') {
      setSaving(false);
      void message.error(offerErrorText(result.error, t));
      return;
    }
    finishDraft(draftId);
    void queryClient.invalidateQueries({ queryKey: offerKeys.all });
    if (result.outcome === 'saved') {
      void message.success(
        result.summary.status === 'DRAFT' ? t('workflow.counter.draftSaved') : t('responses.messages.saved'),
      );
      void navigate('/offers');
      return;
    }
    // The counter offer is saved all the same; its screen says so and offers to attach the PDF again.
    const pdfError = documentErrorText(result.error, t);
    void message.error(pdfError, 10);
    void navigate(`/view-response-offer/${result.summary.id}`, {
      state: { pdfError } satisfies ViewResponseOfferState,
    });
  };

  const title = offer.data
    ? t('responses.editor.title', { name: offer.data.name || offer.data.countryNameCreator })
    : t('routes.responseOffer');
  let body;
  if (offer.isError) body = <Alert type="error" showIcon title={offerErrorText(offer.error, t)} />;
  else if (!offer.data || !original) body = <Spin className="offers-spin" />;
  else if (profile && profile.countryCode === offer.data.countryCode)
    body = <Alert type="warning" showIcon title={t('responses.messages.ownOffer')} />;
  else if (!offer.data.versionShown)
    body = <Alert type="warning" showIcon title={t('responses.messages.notSubmitted')} />;
  else if (offer.data.status === 'FINAL_OFFER')
    body = <Alert type="warning" showIcon title={t('workflow.counter.finalized')} />;
  else
    body = (
      <>
        <p className="offers-subtitle">
          {t('responses.editor.subtitle', { country: offer.data.countryNameCreator, number: offer.data.versionShown })}
        </p>
        <CounterOfferEditor
          original={original}
          draftId={draftId}
          baseRevision={version}
          restorable={restorable}
          onDiscardDraft={() => clearDraft(draftId)}
          saving={saving}
          maySend={profile ? maySendCounterOffer(profile.role) : false}
          offerCountry={countryLabel(offer.data.countryCode, offer.data.countryNameCreator)}
          onSave={(doc) => void save(doc)}
          onCancel={cancel}
          onChat={() => void navigate('/chat', { state: { offerId: id } })}
        />
      </>
    );
  return (
    <>
      <PageTitle>{title}</PageTitle>
      {body}
    </>
  );
}
