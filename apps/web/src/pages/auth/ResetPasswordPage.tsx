import { Alert, Button, Form } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { isInvalidLink, passwordResetApi, resetErrorText } from '../../features/password-reset/api';
import { PasswordFields } from '../../features/profile/PasswordFields';
import '../../features/profile/profile.css';

interface Values {
  newPassword: string;
  confirmPassword: string;
}

/**
 * /reset?token=… — the mailed link: a new password with the spec's live checklist and strength meter. On success
 * every session of the user has ended, and the page sends them to /login with a success message. A link that is
 * missing, used, expired or unknown says so and offers to ask for a new one.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const reset = useMutation({
    mutationFn: (v: Values) =>
      passwordResetApi.reset({ token, newPassword: v.newPassword, confirmPassword: v.confirmPassword }),
    onSuccess: () => navigate('/login', { replace: true, state: { notice: 'passwordReset' } }),
  });

  const linkInvalid = token.length < 10 || (reset.isError && isInvalidLink(reset.error));
  return (
    <section className="auth-card">
      <PageTitle>{t('routes.reset')}</PageTitle>
      {linkInvalid ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('passwordReset.invalidLink')}
          description={<Link to="/reset-password">{t('passwordReset.askAgain')}</Link>}
        />
      ) : (
        <>
          <p>{t('passwordReset.resetIntro')}</p>
          {reset.isError && (
            <Alert type="error" showIcon title={resetErrorText(reset.error, t)} className="form-alert" role="alert" />
          )}
          <Form<Values> name="reset-password" layout="vertical" onFinish={(v) => reset.mutate(v)}>
            <PasswordFields
              name="newPassword"
              label={t('profile.fields.newPassword')}
              confirmLabel={t('profile.fields.confirmPassword')}
            />
            <Button type="primary" htmlType="submit" block loading={reset.isPending}>
              {t('passwordReset.save')}
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}
