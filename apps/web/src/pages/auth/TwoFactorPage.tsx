import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { completeSignIn } from '../../api/http';
import { fetchProfile } from '../../api/reference';
import { startReadsFor } from '../../app/startReads';
import { PageTitle } from '../../components/PageTitle';
import { afterSignIn, signInErrorText } from '../../features/auth/signInErrors';
import { PROFILE_KEY } from '../../features/session/useSession';

interface Challenge {
  mfaToken?: string;
  email?: string;
  from?: string;
  /** The user whose session ended on `from` (idle logout): anyone else signing in starts from the dashboard. */
  fromUser?: string;
}

/** Sign-in step 2: the 6-digit code from the mail; then the profile loads and the user goes on. */
export default function TwoFactorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const challenge = (useLocation().state ?? {}) as Challenge;
  const [error, setError] = useState<string | null>(null);
  const verify = useMutation({
    mutationFn: async (code: string) => {
      // Where the user goes next is known unless another user's session ended here: its reads (its start call, which
      // brings the profile) leave as the session starts, before the header asks for the profile on its own.
      await completeSignIn(challenge.mfaToken!, code, () => {
        if (!challenge.fromUser) startReadsFor(afterSignIn(challenge.from), queryClient);
      });
      return queryClient.fetchQuery({ queryKey: PROFILE_KEY, queryFn: ({ signal }) => fetchProfile(signal) });
    },
    onSuccess: (profile) => {
      const sameUser = !challenge.fromUser || challenge.fromUser === profile.userId;
      return navigate(afterSignIn(sameUser ? challenge.from : undefined), { replace: true });
    },
    onError: (e) => setError(signInErrorText(e, t)),
  });

  if (!challenge.mfaToken) return <Navigate to="/login" replace />;

  return (
    <section className="auth-card">
      <PageTitle>{t('routes.twoFactor')}</PageTitle>
      <p>{t('auth.twoFactorIntro', { email: challenge.email ?? '' })}</p>
      {error && <Alert type="error" showIcon title={error} className="form-alert" role="alert" />}
      <Form<{ code: string }>
        name="two-factor"
        layout="vertical"
        requiredMark={false}
        onFinish={({ code }) => verify.mutate(code.replace(/\s/g, ''))}
      >
        <Form.Item
          label={t('auth.code')}
          name="code"
          normalize={(v: string) => v.replace(/[^\d]/g, '').slice(0, 6)}
          rules={[{ required: true, pattern: /^\d{6}$/, message: t('auth.codeInvalid') }]}
        >
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            dir="ltr"
            className="code-input"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={verify.isPending}>
          {t('auth.verify')}
        </Button>
      </Form>
      <p className="auth-links">
        <Link to="/login">{t('auth.useAnotherAccount')}</Link>
      </p>
    </section>
  );
}
