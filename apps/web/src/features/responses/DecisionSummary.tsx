import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResponseEntries } from '@portal/shared';

/**
 * Where the answer stands: how many entries are open, accepted, declined; to the answering country, what accepting
 * does (the value goes into its draft offer, submitted only when it submits).
 */
export function DecisionSummary({ entries }: { entries: ResponseEntries }) {
  const { t } = useTranslation();
  const { open, accepted, declined } = entries.summary;
  return (
    <Alert
      className="decision-summary"
      type={open > 0 ? 'info' : 'success'}
      showIcon
      role="status"
      title={t('responses.decisions.summary', { open, accepted, declined })}
      description={entries.mayDecide ? t('responses.decisions.howItWorks') : undefined}
    />
  );
}
