import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Space, Spin } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canSubmitAfter, isStaff, submitLabel } from '@portal/shared';
import { ApiError } from '../../api/http';
import { ButtonLink } from '../../components/ButtonLink';
import { PageTitle } from '../../components/PageTitle';
import { OfferDocumentView } from '../../features/offers/view/OfferDocumentView';
import { OfferEditor, type SaveRequest } from '../../features/offers/editor/OfferEditor';
import { documentOf } from '../../features/offers/document';
import { clearDraft, draftIdFor, draftToOffer, writeDraft } from '../../features/offers/editor/draft';
import { offerErrorText } from '../../features/offers/errors';
import { latestVersionStatus, shownStatusText } from '../../features/offers/editor/latest';
import { ReturnedNotice } from '../../features/offers/editor/ReturnedNotice';
import { offersApi } from '../../features/offers/api';
import { useOffer } from '../../features/offers/queries';
import { useEditLease } from '../../features/offers/editor/useEditLease';
import { useOfferEditAnnouncer } from '../../features/offers/editor/useOfferEditChannel';
import { useEditorExits } from '../../features/offers/editor/useEditorExits';
import { useCountryNames } from '../../features/countries/useCountries';
import { useSession } from '../../features/session/useSession';
import { AcceptedEntriesProvider } from '../../features/responses/AcceptedEntriesContext';
import { AcceptedBanner } from '../../features/responses/AcceptedMark';

/** /edit-offer/:id — takes the edit lease, offers to restore a local draft, saves with the revision it started from. */
export default function EditOfferPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const { profile } = useSession();
  const draftId = draftIdFor(profile?.userId, id);
  const [generation, setGeneration] = useState(0);
  const countryLabel = useCountryNames();

  const onRefused = useCallback(() => void message.error(t('offers.messages.alreadyOpened')), [message, t]);
  const lease = useEditLease(id, onRefused);
  // The lists and the secretariat's queue show who is editing, live (the spec's live edit channel).
  useOfferEditAnnouncer(id, lease.state === 'held');
  // Back to the list once the editor has given way to the spinner: a lease lost to someone else mid-edit is not a
  // leave the user chose, so the editor's leave guard must not hold it (the work stays in the local draft).
  useEffect(() => {
    if (lease.state === 'refused') void navigate('/offers', { replace: true });
  }, [lease.state, navigate]);
  const { data: offer, isError, error, refetch } = useOffer(id);
  const { afterSave, cancel } = useEditorExits(draftId, lease.release);

  // The server copy changes with the revision only: a decision told live (returned, validated) reads the offer again
  // with the same document, which must not count the editor's copy as changed (nor reset it).
  const serverDoc = useMemo(
    () => (offer ? documentOf(offer) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the document is the revision's; status may change alone
    [offer?.id, offer?.revision],
  );
  // The browser's draft is read once per loaded revision, and again after a reload (generation).
  const restorable = useMemo(
    () => (serverDoc ? draftToOffer(draftId, serverDoc) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- generation is the reason to read again, not an input
    [serverDoc, draftId, generation],
  );

  if (isError) {
    return (
      <>
        <PageTitle>{t('routes.editOffer')}</PageTitle>
        <Alert
          type="error"
          showIcon
          title={
            error instanceof ApiError && error.status === 404 ? t('offers.messages.notFound') : offerErrorText(error, t)
          }
        />
      </>
    );
  }
  if (!offer || !serverDoc || lease.state === 'pending' || lease.state === 'refused')
    return <Spin size="large" className="offers-spin" />;

  const latest = latestVersionStatus(offer);
  const countryName = countryLabel(offer.countryCode, offer.countryNameCreator);
  const statusLabel = shownStatusText(offer, t);
  // The user's other session holds the lease (another browser or machine): read-only here, with the way to take it
  // over. After a takeover from there this editor is read-only too; its unsaved work stayed in this browser (the
  // editor wrote its draft as it went), and taking the offer back here offers to restore it.
  if (offer.permissions.edit && (lease.state === 'otherSession' || lease.state === 'takenOver')) {
    const takenOver = lease.state === 'takenOver';
    const takeOver = async () => {
      await lease.takeOver();
      setGeneration((g) => g + 1);
    };
    return (
      <>
        <PageTitle>{offer.name || t('routes.editOffer')}</PageTitle>
        <Alert
          className="lease-elsewhere"
          type="warning"
          showIcon
          title={t(takenOver ? 'offers.editor.takenOverTitle' : 'offers.editor.otherSessionTitle')}
          description={t(takenOver ? 'offers.editor.takenOver' : 'offers.editor.otherSession')}
          action={
            <Space wrap>
              <Button type="primary" onClick={() => void takeOver()}>
                {t('offers.editor.takeOver')}
              </Button>
              <ButtonLink to="/offers">{t('offers.editor.backToList')}</ButtonLink>
            </Space>
          }
        />
        <OfferDocumentView doc={serverDoc} meta={{ countryName, statusLabel }} />
      </>
    );
  }

  if (!offer.permissions.edit || lease.state === 'denied') {
    return (
      <>
        <PageTitle>{offer.name || t('routes.editOffer')}</PageTitle>
        <Alert
          type="info"
          showIcon
          title={offer.status === 'FINAL_OFFER' ? t('offers.messages.finalized') : t('offers.editor.readOnly')}
        />
        <OfferDocumentView doc={serverDoc} meta={{ countryName, statusLabel }} />
      </>
    );
  }

  const staff = isStaff(profile?.role);
  const save = async ({ doc, submit, tab }: SaveRequest) => {
    try {
      await offersApi.save(id, { ...doc, submittedToAU: submit, revision: offer.revision }, tab === 0 && staff);
      await afterSave(submit);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'OFFER_STALE') {
        // Keep the user's copy in the browser first, then offer the latest version; the copy is offered back after
        // reloading.
        writeDraft({ offerId: draftId, baseRevision: offer.revision, savedAt: new Date().toISOString(), doc });
        modal.confirm({
          title: t('offers.messages.staleTitle'),
          content: t('offers.messages.stale'),
          okText: t('offers.actions.reload'),
          cancelText: t('offers.editor.keepEditing'),
          onOk: async () => {
            await refetch();
            setGeneration((g) => g + 1);
          },
        });
      } else if (e instanceof ApiError && e.code === 'OFFER_OPEN_IN_OTHER_SESSION') {
        // Taken over in the user's other session: nothing was written. The work stays in the browser and the lease is
        // asked for again, which turns this editor read-only with its notice.
        writeDraft({ offerId: draftId, baseRevision: offer.revision, savedAt: new Date().toISOString(), doc });
        lease.recheck();
      } else {
        void message.error(offerErrorText(e, t));
      }
      throw e;
    }
  };

  return (
    <>
      <PageTitle>{offer.name || t('routes.editOffer')}</PageTitle>
      <p className="offers-subtitle">
        {countryName} · {statusLabel}
        {offer.versions > 0 && ` · ${t('offers.versions.count', { count: offer.versions })}`}
      </p>
      {lease.state === 'lost' && <Alert type="warning" showIcon title={t('offers.editor.leaseLost')} />}
      <ReturnedNotice offer={offer} />
      <AcceptedEntriesProvider offerId={id} ownerName={countryName}>
        <AcceptedBanner />
        <OfferEditor
          key={`${offer.revision}-${generation}`}
          initialDoc={serverDoc}
          draftId={draftId}
          baseRevision={offer.revision}
          restorable={restorable}
          onDiscardDraft={() => clearDraft(draftId)}
          canSubmit={offer.permissions.submit && canSubmitAfter(latest)}
          submitLabel={t(`offers.submit.${submitLabel({ latestVersionStatus: latest })}`)}
          nameReadOnly={offer.regionCreated}
          meta={{ countryName, statusLabel }}
          onSave={save}
          onCancel={cancel}
        />
      </AcceptedEntriesProvider>
    </>
  );
}
