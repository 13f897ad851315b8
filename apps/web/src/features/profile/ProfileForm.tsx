import { useState } from 'react';
import { Alert, App, Button, Descriptions, Form, Input, Select } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  PROFILE_LANGUAGES,
  TITLE_PREFIXES,
  passwordContextWords,
  type Profile,
  type TitlePrefix,
} from '@portal/shared';
import { PROFILE_KEY } from '../session/useSession';
import { roleLabel } from '../session/roleLabel';
import { useCountryName } from '../countries/useCountries';
import { useRegionName } from '../session/useRegionName';
import { profileApi } from './api';
import { EMAIL_PATTERN, type ProfileUpdate } from './contract';
import { PasswordFields } from './PasswordFields';
import { serverMessageText } from './serverMessage';
import './profile.css';

interface Values {
  titlePrefix?: TitlePrefix | null;
  firstName: string;
  lastName: string;
  email: string;
  title?: string | null;
  phoneNumber?: string | null;
  whatsappNumber?: string | null;
  language?: (typeof PROFILE_LANGUAGES)[number];
  password?: string;
  confirmPassword?: string;
  /** Asked for when the email address is changed or a password is set (the server requires it then). */
  oldPassword?: string;
}

const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** True when the form's address differs from the one the account has (case aside, as the server compares). */
export const emailChanged = (value: string | undefined, current: string) =>
  (value ?? '').trim().toLowerCase() !== current.trim().toLowerCase();

/**
 * What PUT /profile receives from the form: blanks become null, the password pair only when asked for, the
 * current password with the pair or when the email address changes (`currentEmail`).
 */
function toProfileUpdate(values: Values, withPassword: boolean, currentEmail?: string): ProfileUpdate {
  return {
    titlePrefix: values.titlePrefix ?? null,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    title: blankToNull(values.title),
    phoneNumber: blankToNull(values.phoneNumber),
    whatsappNumber: blankToNull(values.whatsappNumber),
    language: values.language,
    ...(withPassword ? { password: values.password, confirmPassword: values.confirmPassword } : {}),
    ...(withPassword || (currentEmail !== undefined && emailChanged(values.email, currentEmail))
      ? { oldPassword: values.oldPassword ?? '' }
      : {}),
  };
}

interface Props {
  profile: Profile;
  /** /password-management: the same form with the new password and its confirmation. */
  withPassword?: boolean;
}

/** The user's own details (PUT /profile); role and country are shown, not edited (the secretariat assigns them). */
export function ProfileForm({ profile, withPassword = false }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const regionName = useRegionName();
  const countryName = useCountryName(profile.countryCode, profile.countryName);
  const save = useMutation({
    mutationFn: (values: Values) => profileApi.update(toProfileUpdate(values, withPassword, profile.email)),
    onMutate: () => setError(null),
    onSuccess: (updated) => {
      if (updated) queryClient.setQueryData(PROFILE_KEY, updated);
      void message.success(t(withPassword ? 'profile.messages.passwordUpdated' : 'profile.messages.profileUpdated'));
      form.resetFields(withPassword ? ['password', 'confirmPassword', 'oldPassword'] : ['oldPassword']);
    },
    onError: (e) => setError(serverMessageText(e, t)),
  });

  const initialValues: Values = {
    titlePrefix: profile.titlePrefix,
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    title: profile.title,
    phoneNumber: profile.phoneNumber,
    whatsappNumber: profile.whatsappNumber,
    language: (PROFILE_LANGUAGES as readonly string[]).includes(profile.language)
      ? (profile.language as Values['language'])
      : undefined,
  };
  const names = Form.useWatch([], form) as Values | undefined;
  const askCurrentPassword = withPassword || emailChanged(names?.email ?? profile.email, profile.email);

  return (
    <>
      <Descriptions
        size="small"
        column={1}
        className="profile-facts"
        items={[
          {
            key: 'role',
            label: t('profile.fields.role'),
            children: roleLabel(profile.role, t, regionName, i18n.language),
          },
          ...(countryName ? [{ key: 'country', label: t('profile.fields.country'), children: countryName }] : []),
        ]}
      />
      {error && <Alert type="error" showIcon title={error} className="form-alert" role="alert" />}
      <Form<Values>
        form={form}
        name={withPassword ? 'password-management' : 'profile'}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(v) => save.mutate(v)}
      >
        <div className="profile-form-grid">
          <Form.Item label={t('profile.fields.titlePrefix')} name="titlePrefix">
            <Select allowClear options={TITLE_PREFIXES.map((p) => ({ value: p, label: t(`titles.${p}`) }))} />
          </Form.Item>
          <Form.Item label={t('profile.fields.title')} name="title">
            <Input autoComplete="organization-title" maxLength={200} />
          </Form.Item>
          <Form.Item
            label={t('profile.fields.firstName')}
            name="firstName"
            rules={[{ required: true, whitespace: true, message: t('profile.messages.required') }]}
          >
            <Input autoComplete="given-name" maxLength={100} />
          </Form.Item>
          <Form.Item
            label={t('profile.fields.lastName')}
            name="lastName"
            rules={[{ required: true, whitespace: true, message: t('profile.messages.required') }]}
          >
            <Input autoComplete="family-name" maxLength={100} />
          </Form.Item>
          <Form.Item
            label={t('profile.fields.email')}
            name="email"
            rules={[
              { required: true, message: t('profile.messages.invalidEmail') },
              { pattern: EMAIL_PATTERN, message: t('profile.messages.invalidEmail') },
            ]}
          >
            <Input type="email" autoComplete={withPassword ? 'username' : 'email'} dir="ltr" maxLength={320} />
          </Form.Item>
          {askCurrentPassword && (
            <Form.Item
              label={t(withPassword ? 'profile.fields.currentPassword' : 'profile.fields.currentPasswordForEmail')}
              name="oldPassword"
              extra={withPassword ? undefined : t('profile.messages.emailNeedsPassword')}
              rules={[{ required: true, message: t('profile.password.required') }]}
            >
              <Input.Password autoComplete="current-password" maxLength={256} />
            </Form.Item>
          )}
          <Form.Item label={t('profile.fields.language')} name="language">
            <Select options={PROFILE_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))} />
          </Form.Item>
          <Form.Item label={t('profile.fields.phoneNumber')} name="phoneNumber">
            <Input type="tel" autoComplete="tel" dir="ltr" maxLength={40} />
          </Form.Item>
          <Form.Item label={t('profile.fields.whatsappNumber')} name="whatsappNumber">
            <Input type="tel" dir="ltr" maxLength={40} />
          </Form.Item>
        </div>
        {withPassword && (
          <PasswordFields
            name="password"
            label={t('profile.fields.newPassword')}
            confirmLabel={t('profile.fields.confirmPassword')}
            userInputs={passwordContextWords({
              email: names?.email,
              firstName: names?.firstName,
              lastName: names?.lastName,
              countryNames: [profile.countryName],
            })}
          />
        )}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {withPassword ? t('profile.actions.updatePassword') : t('profile.actions.save')}
        </Button>
      </Form>
    </>
  );
}
