/**
 * The history of one entry of an offer (DESIGN 13): each version that changed its value, and for a value taken from a
 * counter offer, which country proposed it and who accepted it when. A small button opens a dialog (focus moves in,
 * Escape closes, focus returns to the button); the history is read only when opened. Used by the offer editor beside
 * each sector entry, and by the comparison screens.
 */
import { useState } from 'react';
import { Alert, Button, Modal, Spin, Tooltip } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '../../i18n';
import { translateFixedTerm, type EntryHistory } from '@portal/shared';
import { ApiError } from '../../api/http';
import { slot, WithUserValues } from '../../components/Bidi';
import { formatDay } from '../../i18n/dates';
import { useCountryNames } from '../countries/useCountries';
import { responsesApi } from './api';
import { responseKeys } from './queries';
import './responses.css';

export interface EntryHistoryButtonProps {
  offerId: string;
  /** The entry's key (`s.<sectorIdentity>.<MA|NT|ADDITIONAL>.<mode|comment|commitment>`). */
  entryKey: string;
  /** Names the entry for screen readers and the dialog's title: "Limitations on market access: 1) Cross-border supply". */
  label: string;
  /** The offer's country in the reader's language, for the values it wrote; "the offer's country" without it. */
  ownerName?: string;
}

/** A button opening the entry's history. */
export function EntryHistoryButton({ offerId, entryKey, label, ownerName }: EntryHistoryButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const history = useQuery({
    queryKey: responseKeys.history(offerId, entryKey),
    queryFn: ({ signal }) => responsesApi.history(offerId, entryKey, signal),
    enabled: open,
    retry: false,
  });
  const name = t('responses.history.open', { entry: label });
  const close = () => setOpen(false);
  return (
    <>
      <Tooltip trigger={['hover', 'focus']} title={name}>
        <Button
          size="small"
          type="text"
          className="entry-history-button"
          icon={<HistoryOutlined aria-hidden />}
          aria-label={name}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      <Modal
        open={open}
        title={name}
        onCancel={close}
        destroyOnHidden
        footer={<Button onClick={close}>{t('responses.history.close')}</Button>}
      >
        {history.isPending ? (
          <Spin aria-label={t('responses.history.title')} />
        ) : history.isError ? (
          <Alert
            type={history.error instanceof ApiError && history.error.status === 404 ? 'info' : 'error'}
            showIcon
            title={
              history.error instanceof ApiError && history.error.status === 404
                ? t('responses.history.none')
                : t('responses.history.failed')
            }
          />
        ) : (
          <HistorySteps steps={history.data.steps} ownerName={ownerName} />
        )}
      </Modal>
    </>
  );
}

/** The steps, oldest first: "Version 2 — None, accepted from Senegal's counter offer (decided by … on …)". */
function HistorySteps({ steps, ownerName }: { steps: EntryHistory['steps']; ownerName?: string }) {
  const { t, i18n } = useTranslation();
  const countryLabel = useCountryNames();
  const language = toLanguage(i18n.language);
  const day = (iso: string) => formatDay(iso, language);
  const valueOf = (value: string) =>
    value.trim() ? (translateFixedTerm(value, language) ?? value) : t('responses.history.empty');
  return (
    <ol className="entry-history">
      {steps.map((step) => {
        const source = step.acceptedFrom;
        const value = valueOf(step.value);
        let text: string;
        let values: (string | null)[];
        if (source) {
          const country = countryLabel(source.countryCode, source.countryName);
          const key = source.decidedBy ? 'responses.history.accepted' : 'responses.history.acceptedNoName';
          text = t(key, { value: slot(0), country: slot(1), name: slot(2), date: slot(3) });
          values = [value, country, source.decidedBy, day(source.decidedAt)];
        } else if (ownerName) {
          text = t('responses.history.written', { value: slot(0), country: slot(1) });
          values = [value, ownerName];
        } else {
          text = t('responses.history.writtenByOwner', { value: slot(0) });
          values = [value];
        }
        const status = `offers.status.${step.status}`;
        return (
          <li key={`${step.version ?? 'draft'}-${step.at}`}>
            <strong>
              {step.version === null
                ? t('responses.history.draft')
                : t('responses.history.version', { number: step.version })}
            </strong>
            {' — '}
            <WithUserValues text={text} values={values} />
            <div className="entry-history-meta">
              {step.version === null
                ? t('responses.history.savedAt', { date: day(step.at) })
                : `${i18n.exists(status) ? t(status as 'offers.status.INITIAL_OFFER') : step.status} · ${day(step.at)}`}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
