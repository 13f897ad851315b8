import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResponseSummary } from '@portal/shared';
import { slot, WithUserValues } from '../../components/Bidi';
import { formatDate } from './format';
import { useCountryNames } from '../countries/useCountries';

/**
 * Who answered which offer, when, and how many entries changed; actions beside it. The names and the date are
 * isolated, so that in Arabic "بواسطة Aïssatou Ndiaye، 28/11/2026" keeps the name whole and the date after it.
 */
export function CounterOfferHeader({ summary, children }: { summary: ResponseSummary; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const countryName = useCountryNames();
  return (
    <div className="counter-header">
      <div>
        <p className="counter-header-meta">
          <WithUserValues
            text={t('responses.header.line', {
              responder: slot(0),
              country: slot(1),
              offer: slot(2),
              number: summary.versionNumber,
            })}
            values={[
              countryName(summary.responderCountryCode, summary.responderCountryName),
              countryName(summary.offerCountryCode, summary.offerCountryName),
              summary.offerName,
            ]}
          />
        </p>
        <p className="counter-header-meta">
          <WithUserValues
            text={t('responses.header.by', { author: slot(0), date: slot(1) })}
            values={[summary.authorName, formatDate(summary.createdAt, i18n.language)]}
          />{' '}
          <Tag color={summary.changedEntries > 0 ? 'green' : undefined}>
            {t('responses.editor.changes', { count: summary.changedEntries })}
          </Tag>
        </p>
      </div>
      {children && <div className="counter-header-actions">{children}</div>}
    </div>
  );
}
