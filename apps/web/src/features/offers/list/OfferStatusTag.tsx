import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OfferStatus } from '@portal/shared';

const COLOURS: Record<OfferStatus, string> = {
  IN_PROGRESS: 'default',
  INITIAL_OFFER: 'blue',
  REVISED_OFFER: 'geekblue',
  RETURNED: 'orange',
  COMMITMENT: 'green',
  FINAL_OFFER: 'purple',
};

export function OfferStatusTag({ status }: { status: OfferStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLOURS[status]}>{t(`offers.status.${status}`)}</Tag>;
}
