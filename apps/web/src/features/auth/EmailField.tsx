import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The account's address, as the sign-in and the forgotten-password forms ask for it: required, checked as an
 * address, typed left to right and offered by the browser's password manager (autocomplete "username").
 */
export function EmailField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={t('auth.email')}
      name="email"
      rules={[
        { required: true, message: t('auth.emailRequired') },
        { type: 'email', message: t('auth.emailInvalid') },
      ]}
    >
      <Input type="email" autoComplete="username" autoFocus dir="ltr" />
    </Form.Item>
  );
}
