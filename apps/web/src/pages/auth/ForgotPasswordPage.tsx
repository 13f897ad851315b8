import { Alert, Button, Form, Result } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RESET_MINUTES } from '@portal/shared';
import { ButtonLink } from '../../components/ButtonLink';
import { PageTitle } from '../../components/PageTitle';
import { EmailField } from '../../features/auth/EmailField';
import { passwordResetApi, resetErrorText } from '../../features/password-reset/api';

/**
 * /reset-password — asks for the account's address and has a reset link mailed. The answer is the same whether or
 * not the address has an account, so the page never says which.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const forgot = useMutation({
    mutationFn: (v: { email: string }) => passwordResetApi.forgot({ email: v.email.trim() }),
  });

  return (
    <section className="auth-card">
      <PageTitle>{t('routes.resetPassword')}</PageTitle>
      {forgot.isSuccess ? (
        <Result
          status="success"
          title={<h2 className="result-title">{t('passwordReset.checkMail')}</h2>}
          subTitle={t('passwordReset.linkSent', { minutes: PASSWORD_RESET_MINUTES })}
          extra={
            <ButtonLink to="/login" type="primary">
              {t('passwordReset.backToSignIn')}
            </ButtonLink>
          }
        />
      ) : (
        <>
          <p>{t('passwordReset.forgotIntro')}</p>
          {forgot.isError && (
            <Alert type="error" showIcon title={resetErrorText(forgot.error, t)} className="form-alert" role="alert" />
          )}
          <Form<{ email: string }>
            name="forgot-password"
            layout="vertical"
            requiredMark={false}
            onFinish={(v) => forgot.mutate(v)}
          >
            <EmailField />
            <Button type="primary" htmlType="submit" block loading={forgot.isPending}>
              {t('passwordReset.sendLink')}
            </Button>
          </Form>
          <p className="auth-links">
            <Link to="/login">{t('passwordReset.backToSignIn')}</Link>
          </p>
        </>
      )}
    </section>
  );
}
