import { useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, App, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { maySendRequest, writesCountryOffer, type OfferDocument } from '@portal/shared';
import { ButtonLink } from '../../components/ButtonLink';
import { PageTitle } from '../../components/PageTitle';
import { UserText } from '../../components/Bidi';
import { clearDraft, draftIdFor, draftToOffer, finishDraft } from '../../features/offers/editor/draft';
import { offerErrorText } from '../../features/offers/errors';
import { leaveOrConfirmDiscard } from '../../features/offers/editor/useEditorExits';
import { useOffer } from '../../features/offers/queries';
import { useCountryNames } from '../../features/countries/useCountries';
import { OfferStatusTag } from '../../features/offers/list/OfferStatusTag';
import { RequestEditor } from '../../features/requests/RequestEditor';
import { requestsApi } from '../../features/requests/api';
import { requestKeys, useOfferRequest } from '../../features/requests/queries';
import { requestBodyOf, requestDocument } from '../../features/requests/requestDocument';
import { useSession } from '../../features/session/useSession';

/**
 * /request-offer/{id} — a request to offer {id}, another member's conditional offer: a new one, or the draft named by
 * ?draft={requestId}. 'Save draft' keeps it the country's own; 'Submit request' (chief negotiator) sends it. Either way
 * the request's screen opens next. Unsaved work is kept in the browser ('<user>:request:<offer>:<draft|new>').
 */
export default function RequestEditorPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const draftRequestId = search.get('draft') ?? undefined;
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { profile } = useSession();
  const countryLabel = useCountryNames();
  const offer = useOffer(id);
  const draft = useOfferRequest(id, draftRequestId);
  const draftId = draftIdFor(profile?.userId, `request:${id ?? ''}:${draftRequestId ?? 'new'}`);
  const initialDoc = useMemo<OfferDocument | null>(() => {
    if (draftRequestId) return draft.data ? requestDocument(draft.data.note, draft.data.sectors) : null;
    return requestDocument('', []);
  }, [draftRequestId, draft.data]);
  const restorable = useMemo(() => (initialDoc ? draftToOffer(draftId, initialDoc) : null), [draftId, initialDoc]);

  const save = async (doc: OfferDocument, submit: boolean) => {
    if (!id) return;
    const body = requestBodyOf(doc, submit);
    try {
      const saved = draftRequestId
        ? await requestsApi.save(id, draftRequestId, body)
        : await requestsApi.create(id, body);
      finishDraft(draftId);
      queryClient.setQueryData(requestKeys.one(id, saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: requestKeys.all });
      void message.success(submit ? t('requests.messages.sent') : t('requests.messages.draftSaved'));
      await navigate(`/request-offer/${id}/${saved.id}`);
    } catch (error) {
      void message.error(offerErrorText(error, t), 8);
      throw error;
    }
  };
  const cancel = (dirty: boolean) => {
    const leave = () => {
      finishDraft(draftId);
      void navigate(draftRequestId && id ? `/request-offer/${id}/${draftRequestId}` : '/request-offer');
    };
    leaveOrConfirmDiscard(dirty, leave, modal, t);
  };

  const o = offer.data;
  const country = o ? countryLabel(o.countryCode, o.countryNameCreator) : '';
  let body;
  if (offer.isError) body = <Alert type="error" showIcon title={offerErrorText(offer.error, t)} />;
  else if (draft.isError) body = <Alert type="error" showIcon title={offerErrorText(draft.error, t)} />;
  else if (!o || !profile || !initialDoc) body = <Spin className="offers-spin" />;
  else if (!writesCountryOffer(profile.role) || !profile.countryCode)
    body = <Alert type="warning" showIcon title={t('requests.editor.negotiatorsOnly')} />;
  else if (profile.countryCode === o.countryCode)
    body = <Alert type="warning" showIcon title={t('errors.REQUEST_OWN_COUNTRY')} />;
  else if (!o.versionShown) body = <Alert type="warning" showIcon title={t('errors.REQUEST_NO_CONDITIONAL_OFFER')} />;
  else if (o.status === 'FINAL_OFFER')
    body = <Alert type="warning" showIcon title={t('errors.REQUEST_OFFER_FINALIZED')} />;
  else if (draft.data && !draft.data.permissions.edit)
    body = (
      <Alert
        type="warning"
        showIcon
        title={t('errors.REQUEST_NOT_DRAFT')}
        action={<ButtonLink to={`/request-offer/${o.id}/${draft.data.id}`}>{t('requests.actions.open')}</ButtonLink>}
      />
    );
  else
    body = (
      <RequestEditor
        key={draftId}
        initialDoc={initialDoc}
        draftId={draftId}
        restorable={restorable}
        onDiscardDraft={() => clearDraft(draftId)}
        canSubmit={maySendRequest(profile.role)}
        target={
          <>
            <span>{t('requests.editor.askedOf', { country })}</span>
            <UserText text={o.name} />
            <OfferStatusTag status={o.status} />
            <span>{t('offers.versions.number', { number: o.versionShown })}</span>
          </>
        }
        onSave={save}
        onCancel={cancel}
      />
    );
  return (
    <>
      <PageTitle>{o ? t('requests.editor.title', { country }) : t('routes.requestOfferDetail')}</PageTitle>
      {body}
    </>
  );
}
