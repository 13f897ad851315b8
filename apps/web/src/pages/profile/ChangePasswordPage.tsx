import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { passwordContextWords } from '@portal/shared';
import { PageTitle } from '../../components/PageTitle';
import { profileApi } from '../../features/profile/api';
import type { PasswordChange } from '../../features/profile/contract';
import { PasswordFields } from '../../features/profile/PasswordFields';
import { serverMessageText } from '../../features/profile/serverMessage';
import { useLogout, useSession } from '../../features/session/useSession';

/**
 * /change-password — current, new and confirmed password (POST /profile/reset). The server then ends every session
 * of the user, so on success the app says so and logs out: the user signs in again with the new password.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { profile } = useSession();
  const logout = useLogout();
  const [error, setError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (values: PasswordChange) => profileApi.changePassword(values),
    onMutate: () => setError(null),
    onSuccess: async () => {
      void message.success({ content: t('profile.messages.passwordChanged'), duration: 6 });
      await logout();
    },
    onError: (e) => setError(serverMessageText(e, t)),
  });

  return (
    <>
      <PageTitle>{t('routes.changePassword')}</PageTitle>
      <Card className="profile-card">
        <p>{t('profile.changePassword.intro')}</p>
        {error && <Alert type="error" showIcon title={error} className="form-alert" role="alert" />}
        <Form<PasswordChange> name="change-password" layout="vertical" onFinish={(v) => change.mutate(v)}>
          {profile && (
            <input type="email" name="username" autoComplete="username" value={profile.email} readOnly hidden />
          )}
          <Form.Item
            label={t('profile.fields.currentPassword')}
            name="oldPassword"
            rules={[{ required: true, message: t('profile.password.required') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <PasswordFields
            name="newPassword"
            differentFrom="oldPassword"
            label={t('profile.fields.newPassword')}
            confirmLabel={t('profile.fields.confirmPassword')}
            userInputs={profile ? passwordContextWords({ ...profile, countryNames: [profile.countryName] }) : []}
          />
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            {t('profile.actions.changePassword')}
          </Button>
        </Form>
      </Card>
    </>
  );
}
