import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Input, Radio, Select, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OfferRequest } from '@portal/shared';
import { ButtonLink } from '../../components/ButtonLink';
import { slot, TYPED_TEXT, UserText, WithUserValues } from '../../components/Bidi';
import { OfferViewerModal } from '../offers/view/OfferViewerModal';
import { offerErrorText } from '../offers/errors';
import { useOfferVersions } from '../offers/queries';
import { useResponses } from '../responses/queries';
import { requestsApi } from './api';
import { requestKeys } from './queries';
import { formatDay } from '../../i18n/dates';

type By = 'version' | 'counter' | 'note';

interface AnswerPickerProps<T extends number | string> {
  id: string;
  label: string;
  loading: boolean;
  value: T | null;
  onChange: (value: T | null) => void;
  placeholder: string;
  /** What the list says when there is nothing to choose (antd's "no data" otherwise). */
  notFoundContent?: string;
  options: { value: T; label: string }[];
  /** Shown after the list (the way to make a revised version). */
  children?: ReactNode;
}

/** A labelled list of what the answer points to: a version of the offer, or a counter offer sent. */
function AnswerPicker<T extends number | string>({ id, label, children, ...select }: AnswerPickerProps<T>) {
  return (
    <Space wrap>
      <label htmlFor={id}>{label}</label>
      <Select<T | null> id={id} style={{ minInlineSize: '16rem' }} {...select} />
      {children}
    </Space>
  );
}

/**
 * The requested country's chief negotiator answers: by a version of its offer (a revised version is made in the offer
 * editor first), by a counter offer it sent to the requesting country's offer, or with a note only.
 */
export function AnswerRequest({ request }: { request: OfferRequest }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const versions = useOfferVersions(request.offerId);
  const responses = useResponses();
  const [by, setBy] = useState<By>('version');
  const [version, setVersion] = useState<number | null>(null);
  const [responseId, setResponseId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const counters = (responses.data ?? []).filter(
    (r) =>
      r.status === 'SENT' &&
      r.responderCountryCode === request.requestedCountryCode &&
      r.offerCountryCode === request.requestingCountryCode,
  );
  const date = (iso: string) => formatDay(iso, i18n.language);

  const send = async () => {
    if ((by === 'version' && version === null) || (by === 'counter' && responseId === null))
      return setError(t(by === 'version' ? 'requests.answer.chooseVersion' : 'requests.answer.chooseCounter'));
    if (by === 'note' && !note.trim()) return setError(t('requests.answer.noteRequired'));
    setError(null);
    setBusy(true);
    try {
      const answered = await requestsApi.answer(request.offerId, request.id, {
        versionNumber: by === 'version' ? version : null,
        responseId: by === 'counter' ? responseId : null,
        note,
      });
      queryClient.setQueryData(requestKeys.one(request.offerId, request.id), answered);
      void queryClient.invalidateQueries({ queryKey: requestKeys.all });
      void message.success(t('requests.answer.sent'));
    } catch (e) {
      setError(offerErrorText(e, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="request-answer" aria-labelledby="request-answer-title">
      <h2 id="request-answer-title" className="request-review-title">
        {t('requests.answer.title')}
      </h2>
      <div className="offers-stack">
        <Radio.Group
          value={by}
          onChange={(e) => setBy(e.target.value as By)}
          aria-label={t('requests.answer.title')}
          options={[
            { value: 'version', label: t('requests.answer.byVersion') },
            { value: 'counter', label: t('requests.answer.byCounter') },
            { value: 'note', label: t('requests.answer.byNote') },
          ]}
        />
        {by === 'version' && (
          <AnswerPicker
            id="answer-version"
            label={t('requests.answer.version')}
            loading={versions.isLoading}
            value={version}
            onChange={setVersion}
            placeholder={t('requests.answer.chooseVersion')}
            options={[...(versions.data ?? [])]
              .sort((a, b) => b.number - a.number)
              .map((v) => ({
                value: v.number,
                label: `${t('offers.versions.number', { number: v.number })} · ${t(`offers.status.${v.status}`)} · ${date(v.createdAt)}`,
              }))}
          >
            <ButtonLink to={`/edit-offer/${request.offerId}`}>{t('requests.answer.revise')}</ButtonLink>
          </AnswerPicker>
        )}
        {by === 'counter' && (
          <AnswerPicker
            id="answer-counter"
            label={t('requests.answer.counter')}
            loading={responses.isLoading}
            value={responseId}
            onChange={setResponseId}
            placeholder={t('requests.answer.chooseCounter')}
            notFoundContent={t('requests.answer.noCounter')}
            options={counters.map((r) => ({
              value: r.id,
              label: `${r.offerName} · ${date(r.sentAt ?? r.createdAt)}`,
            }))}
          />
        )}
        <label className="offers-field">
          <span>{by === 'note' ? t('requests.answer.note') : t('requests.answer.noteOptional')}</span>
          <Input.TextArea
            {...TYPED_TEXT}
            rows={3}
            maxLength={20000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </label>
        {error && <Alert type="error" showIcon role="alert" title={error} />}
        <div>
          <Button type="primary" loading={busy} onClick={() => void send()}>
            {t('requests.answer.send')}
          </Button>
        </div>
      </div>
    </section>
  );
}

/** An answered request: what the requested country pointed to, and its note. */
export function RequestAnswerView({ request, offerCountry }: { request: OfferRequest; offerCountry: string }) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState(false);
  const a = request.answer;
  if (!a) return null;
  return (
    <section className="request-answer" aria-labelledby="request-answered-title">
      <h2 id="request-answered-title" className="request-review-title">
        {t('requests.answer.answeredTitle', { country: offerCountry })}
      </h2>
      {a.versionNumber !== null && (
        <p>
          {t('requests.answer.answeredByVersion', { number: a.versionNumber })}{' '}
          <Button size="small" onClick={() => setViewing(true)}>
            {t('requests.answer.viewVersion', { number: a.versionNumber })}
          </Button>
          {a.versionNumber > 1 && (
            <>
              {' '}
              <ButtonLink
                size="small"
                to={`/compare-versions/${request.offerId}?from=${a.versionNumber - 1}&to=${a.versionNumber}`}
              >
                {t('requests.answer.compareVersion')}
              </ButtonLink>
            </>
          )}
        </p>
      )}
      {viewing && a.versionNumber !== null && (
        <OfferViewerModal offerId={request.offerId} version={a.versionNumber} onClose={() => setViewing(false)} />
      )}
      {a.responseId !== null && (
        <p>
          {t('requests.answer.answeredByCounter')}{' '}
          <ButtonLink size="small" to={`/view-response-offer/${a.responseId}`}>
            {t('requests.answer.openCounter')}
          </ButtonLink>
        </p>
      )}
      {a.note && <UserText as="p" className="request-note" text={a.note} />}
      <p className="offers-hint">
        <WithUserValues text={t('requests.answer.by', { name: slot(0) })} values={[a.answeredByName]} />
      </p>
    </section>
  );
}
