import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RequestStatus } from '@portal/shared';

const COLOURS: Record<RequestStatus, string> = {
  DRAFT: 'default',
  SENT: 'blue',
  ANSWERED: 'green',
  WITHDRAWN: 'orange',
};

/** A request's status as a translated tag: draft, sent, answered, withdrawn. */
export function RequestStatusTag({ status }: { status: RequestStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLOURS[status]}>{t(`requests.status.${status}`)}</Tag>;
}
