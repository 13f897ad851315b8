import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResponseSummary } from '@portal/shared';
import { formatDate } from './format';
import { useCountryNames } from '../countries/useCountries';

/** Who answered which offer, when, and how many entries changed; actions beside it. */
export function CounterOfferHeader({ summary, children }: { summary: ResponseSummary; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const countryName = useCountryNames();
  return (
    <div className="counter-header">
      <div>
        <p className="counter-header-meta">
          {t('responses.header.line', {
            responder: countryName(summary.responderCountryCode, summary.responderCountryName),
            country: countryName(summary.offerCountryCode, summary.offerCountryName),
            offer: summary.offerName,
            number: summary.versionNumber,
          })}
        </p>
        <p className="counter-header-meta">
          {t('responses.header.by', { author: summary.authorName, date: formatDate(summary.createdAt, i18n.language) })}{' '}
          <Tag color={summary.changedEntries > 0 ? 'green' : undefined}>
            {t('responses.editor.changes', { count: summary.changedEntries })}
          </Tag>
        </p>
      </div>
      {children && <div className="counter-header-actions">{children}</div>}
    </div>
  );
}
