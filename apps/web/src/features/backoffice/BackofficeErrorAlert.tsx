import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { backofficeErrorText } from './messages';

interface Props {
  /** A query or a mutation of these screens: the alert shows while it has failed. */
  of: { isError: boolean; error: unknown };
}

/** Why a read or a save of the back-office screens failed, above the page's content (class form-alert). */
export function BackofficeErrorAlert({ of }: Props) {
  const { t } = useTranslation();
  if (!of.isError) return null;
  return <Alert type="error" showIcon title={backofficeErrorText(of.error, t)} className="form-alert" />;
}
