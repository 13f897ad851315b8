import { Alert, Button, Descriptions, Form, Input, Result, Spin } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isStaff, passwordContextWords, type Role } from '@portal/shared';
import { ButtonLink } from '../../components/ButtonLink';
import { PageTitle } from '../../components/PageTitle';
import { profileApi } from '../../features/profile/api';
import type { Invitation } from '../../features/profile/contract';
import { PasswordFields } from '../../features/profile/PasswordFields';
import { serverMessageText } from '../../features/profile/serverMessage';
import { roleLabel } from '../../features/session/roleLabel';
import { useRegionName } from '../../features/session/useRegionName';
import '../../features/profile/profile.css';

interface Values {
  password: string;
  confirmPassword: string;
  phoneNumber?: string;
}

/**
 * /register?token=… — accepting an invitation: who is invited, then a password (with the checklist) and an optional
 * phone number; afterwards a link to sign in. Accounts exist only by invitation, so without a token the page says so.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const invitation = useQuery({
    queryKey: ['profile', 'invitation', token],
    queryFn: ({ signal }) => profileApi.invitation(token, signal),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const register = useMutation({
    mutationFn: (v: Values) =>
      profileApi.register({
        token,
        password: v.password,
        confirmPassword: v.confirmPassword,
        phoneNumber: v.phoneNumber?.trim() || null,
      }),
  });

  let body;
  if (!token) {
    body = (
      <Alert
        type="info"
        showIcon
        title={t('profile.register.byInvitation')}
        description={
          <>
            {t('profile.register.haveAccount')} <Link to="/login">{t('profile.register.signIn')}</Link>
          </>
        }
      />
    );
  } else if (register.isSuccess) {
    body = (
      <Result
        status="success"
        title={<h2 className="result-title">{t('profile.register.done')}</h2>}
        extra={
          <ButtonLink to="/login" type="primary">
            {t('profile.register.signIn')}
          </ButtonLink>
        }
      />
    );
  } else if (invitation.isLoading) {
    body = <Spin />;
  } else if (invitation.isError || !invitation.data) {
    body = (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={serverMessageText(invitation.error, t)}
        description={<Link to="/">{t('profile.register.home')}</Link>}
      />
    );
  } else {
    body = (
      <AcceptForm
        invitation={invitation.data}
        pending={register.isPending}
        error={register.isError ? serverMessageText(register.error, t) : null}
        onSubmit={(v) => register.mutate(v)}
      />
    );
  }

  return (
    <section className="auth-card register-card">
      <PageTitle>{t('profile.register.title')}</PageTitle>
      {body}
    </section>
  );
}

function AcceptForm({
  invitation,
  pending,
  error,
  onSubmit,
}: {
  invitation: Invitation;
  pending: boolean;
  error: string | null;
  onSubmit: (v: Values) => void;
}) {
  const { t, i18n } = useTranslation();
  const regionName = useRegionName();
  const role = invitation.role as Role;
  const name = [
    invitation.titlePrefix ? t(`titles.${invitation.titlePrefix}` as 'titles.Mr') : '',
    invitation.firstName,
    invitation.lastName,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <p>{t('profile.register.intro')}</p>
      <Descriptions
        size="small"
        column={1}
        bordered
        className="invitation-who"
        items={[
          { key: 'name', label: t('profile.fields.name'), children: name },
          { key: 'email', label: t('profile.fields.email'), children: <span dir="ltr">{invitation.email}</span> },
          { key: 'role', label: t('profile.fields.role'), children: roleLabel(role, t, regionName, i18n.language) },
          ...(invitation.countryName && !isStaff(role)
            ? [{ key: 'country', label: t('profile.fields.country'), children: invitation.countryName }]
            : []),
        ]}
      />
      {error && <Alert type="error" showIcon title={error} className="form-alert" role="alert" />}
      <Form<Values> name="register" layout="vertical" onFinish={onSubmit}>
        <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
        <PasswordFields
          name="password"
          label={t('profile.fields.newPassword')}
          confirmLabel={t('profile.fields.confirmPassword')}
          userInputs={passwordContextWords({ ...invitation, countryNames: [invitation.countryName] })}
        />
        <Form.Item label={t('profile.fields.phoneOptional')} name="phoneNumber">
          <Input type="tel" autoComplete="tel" dir="ltr" maxLength={40} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={pending}>
          {t('profile.register.submit')}
        </Button>
      </Form>
    </>
  );
}
