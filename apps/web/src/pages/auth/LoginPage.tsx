import { useEffect, useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { MfaChallenge } from '@portal/shared';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/FormAlert';
import { PageTitle } from '../../components/PageTitle';
import { EmailField } from '../../features/auth/EmailField';
import { afterSignIn, signInErrorText } from '../../features/auth/signInErrors';
import { signInWithChallenge } from '../../features/auth/signInWithChallenge';
import { type SignInState, useSignedIn } from '../../features/session/useSession';
import { takeEarlySignIn } from '../../app/earlySignIn';
import { toLanguage } from '../../i18n';
import { formatDuration } from '../../i18n/dates';

interface Credentials {
  email: string;
  password: string;
  /** The first attempt, already sent before the app had arrived (app/earlySignIn.ts). */
  sent?: Promise<MfaChallenge>;
}

/** Sign-in step 1: email and password; the server mails a 6-digit code. */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const state = useLocation().state as SignInState | null;
  const from = state?.from;
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const signIn = useMutation({
    mutationFn: ({ email, password, sent }: Credentials) => {
      setError(null);
      return signInWithChallenge(email.trim(), password, () => setChecking(true), sent);
    },
    onSuccess: (challenge, { email }) =>
      navigate('/two-factor', {
        state: { mfaToken: challenge.mfa_token, email: email.trim(), from, fromUser: state?.userId },
      }),
    onError: (e) => setError(signInErrorText(e, t)),
    onSettled: () => setChecking(false),
  });

  const [form] = Form.useForm<Credentials>();
  // What was typed in the form as the server rendered it, before this page had arrived, and the sign-in sent from
  // it then: carried on here.
  useEffect(() => {
    const early = takeEarlySignIn();
    if (!early) return;
    form.setFieldsValue({ email: early.email, password: early.password });
    if (early.answer) signIn.mutate({ email: early.email, password: early.password, sent: early.answer });
    // Once, when the page is first shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (useSignedIn()) return <Navigate to={afterSignIn(from)} replace />;

  return (
    <section className="auth-card">
      <PageTitle>{t('routes.login')}</PageTitle>
      <p>{t('auth.signInIntro')}</p>
      {state?.notice === 'passwordReset' && !error && (
        <FormAlert type="success" title={t('passwordReset.done')} role="status" />
      )}
      {state?.reason === 'idle' && !error && (
        <FormAlert
          type="info"
          role="status"
          title={t('session.signedOutIdle', {
            duration: formatDuration(state.idleMs ?? 0, toLanguage(i18n.language)),
          })}
        />
      )}
      {error && <FormAlert type="error" title={error} role="alert" />}
      {checking && <FormAlert type="info" title={t('auth.checkingBrowser')} role="status" />}
      <Form<Credentials>
        form={form}
        name="login"
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => signIn.mutate(v)}
      >
        <EmailField />
        <Form.Item
          label={t('auth.password')}
          name="password"
          rules={[{ required: true, message: t('auth.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
          {t('auth.continue')}
        </Button>
      </Form>
      <p className="auth-links">
        <Link to="/reset-password">{t('auth.forgotPassword')}</Link>
        <span>
          {t('auth.noAccount')} <Link to="/register">{t('nav.register')}</Link>
        </span>
      </p>
    </section>
  );
}
