import { useId, useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Select, Table } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PROFILE_LANGUAGES, TITLE_PREFIXES, needsCountry, type Role } from '@portal/shared';
import { EMAIL_PATTERN } from '../profile/contract';
import { serverMessageText } from '../profile/serverMessage';
import { roleLabel } from '../session/roleLabel';
import { useCountries } from '../countries/useCountries';
import { useRegionName } from '../session/useRegionName';
import { userKeys, usersApi } from './api';
import { countryLabel } from '../countries/label';
import {
  asksForCountry,
  blankRow,
  canAddRow,
  canRemoveRow,
  defaultInviteeLanguage,
  duplicateEmails,
  rolesOffered,
  toInvitation,
  type InviteRow,
  type Inviter,
} from './inviteForm';
import './users.css';

interface Props {
  open: boolean;
  onClose: () => void;
  inviter: Inviter;
}

interface Values {
  users: InviteRow[];
}

/**
 * The invite dialog (spec: Invite-users dialog): one or more rows, Next shows the entered users in a table,
 * Confirm sends them, Cancel returns to an empty form. Used by the chief negotiator (focal points of his country)
 * and by the secretariat (chief negotiators or focal points of any country).
 */
export function InviteUsersDialog({ open, onClose, inviter }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const regionName = useRegionName();
  const withCountry = asksForCountry(inviter.role);
  const newRow = (): InviteRow => ({
    ...blankRow(inviter.role),
    language: defaultInviteeLanguage(inviter, i18n.language),
  });
  const countries = useCountries();
  const rowIds = useId();
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [entered, setEntered] = useState<InviteRow[]>([]);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    form.resetFields();
    setEntered([]);
    setError(null);
    setStep('form');
  };
  const close = () => {
    reset();
    onClose();
  };
  const invite = useMutation({
    mutationFn: (rows: InviteRow[]) => usersApi.invite(toInvitation(rows, inviter)),
    onMutate: () => setError(null),
    onSuccess: () => {
      void message.success(t('users.invite.success'));
      void queryClient.invalidateQueries({ queryKey: userKeys.focal() });
      close();
    },
    onError: (e) => setError(`${t('users.invite.failed')} ${serverMessageText(e, t)}`),
  });
  const next = async () => {
    try {
      const { users } = await form.validateFields();
      setEntered(users);
      setStep('confirm');
    } catch {
      // antd shows each field's message
    }
  };

  const roles = rolesOffered(inviter.role).map((r) => ({
    value: r,
    label: roleLabel(r, t, regionName, i18n.language),
  }));
  const countryOptions = (countries.data ?? [])
    .filter((c) => c.active)
    .map((c) => ({ value: c.code, label: countryLabel(c, i18n.language) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  const languageOptions = PROFILE_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }));
  const titleOptions = TITLE_PREFIXES.map((p) => ({ value: p, label: t(`titles.${p}`) }));
  const required = { required: true, message: t('users.invite.required') };

  const footer =
    step === 'form'
      ? [
          <Button key="cancel" onClick={close}>
            {t('users.invite.cancel')}
          </Button>,
          <Button key="next" type="primary" onClick={() => void next()}>
            {t('users.invite.next')}
          </Button>,
        ]
      : [
          <Button key="cancel" onClick={reset} disabled={invite.isPending}>
            {t('users.invite.cancel')}
          </Button>,
          <Button key="back" onClick={() => setStep('form')} disabled={invite.isPending}>
            {t('users.invite.back')}
          </Button>,
          <Button key="confirm" type="primary" loading={invite.isPending} onClick={() => invite.mutate(entered)}>
            {t('users.invite.confirm')}
          </Button>,
        ];

  return (
    <Modal
      open={open}
      onCancel={close}
      title={t('users.invite.title')}
      footer={footer}
      width={1040}
      mask={{ closable: false }}
    >
      <div hidden={step !== 'form'}>
        <p>{withCountry ? t('users.invite.introStaff') : t('users.invite.introChief')}</p>
        <Form<Values> form={form} name="invite" layout="vertical" initialValues={{ users: [newRow()] }}>
          <Form.List
            name="users"
            rules={[
              {
                validator: (_, rows?: InviteRow[]) =>
                  rows && rows.length > 0 ? Promise.resolve() : Promise.reject(new Error(t('users.invite.atLeastOne'))),
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <>
                {fields.map((field, index) => (
                  <div key={field.key} role="group" aria-labelledby={`${rowIds}-${field.key}`} className="invite-row">
                    <div id={`${rowIds}-${field.key}`} className="invite-row-legend">
                      {t('users.invite.userN', { n: index + 1 })}
                    </div>
                    <div className="invite-row-body">
                      <div className="invite-row-fields">
                        <Form.Item
                          label={t('users.fields.titlePrefix')}
                          name={[field.name, 'titlePrefix']}
                          rules={[required]}
                        >
                          <Select options={titleOptions} />
                        </Form.Item>
                        <Form.Item
                          label={t('users.fields.firstName')}
                          name={[field.name, 'firstName']}
                          rules={[{ ...required, whitespace: true }]}
                        >
                          <Input maxLength={100} />
                        </Form.Item>
                        <Form.Item
                          label={t('users.fields.lastName')}
                          name={[field.name, 'lastName']}
                          rules={[{ ...required, whitespace: true }]}
                        >
                          <Input maxLength={100} />
                        </Form.Item>
                        <Form.Item
                          label={t('users.fields.userRole')}
                          name={[field.name, 'userRole']}
                          rules={[required]}
                        >
                          <Select options={roles} />
                        </Form.Item>
                        <Form.Item
                          label={t('users.fields.email')}
                          name={[field.name, 'email']}
                          rules={[
                            required,
                            {
                              pattern: EMAIL_PATTERN,
                              message: t('users.invite.invalidEmail'),
                              transform: (v: string) => v?.trim(),
                            },
                            ({ getFieldValue }) => ({
                              validator: (_, value?: string) => {
                                const twice = duplicateEmails(
                                  (getFieldValue('users') as InviteRow[] | undefined) ?? [],
                                );
                                return value && twice.has(value.trim().toLowerCase())
                                  ? Promise.reject(new Error(t('profile.messages.duplicateEmail')))
                                  : Promise.resolve();
                              },
                            }),
                          ]}
                        >
                          <Input type="email" dir="ltr" maxLength={320} />
                        </Form.Item>
                        {withCountry && (
                          <Form.Item noStyle dependencies={[['users', field.name, 'userRole']]}>
                            {({ getFieldValue }) => {
                              const role = getFieldValue(['users', field.name, 'userRole']) as Role | undefined;
                              // The secretariat and administrators belong to no country.
                              if (role && !needsCountry(role)) return null;
                              return (
                                <Form.Item
                                  label={t('users.fields.country')}
                                  name={[field.name, 'countryCode']}
                                  rules={[required]}
                                >
                                  <Select
                                    showSearch={{ optionFilterProp: 'label' }}
                                    options={countryOptions}
                                    loading={countries.isLoading}
                                  />
                                </Form.Item>
                              );
                            }}
                          </Form.Item>
                        )}
                        <Form.Item
                          label={t('users.fields.language')}
                          name={[field.name, 'language']}
                          rules={[required]}
                        >
                          <Select options={languageOptions} />
                        </Form.Item>
                      </div>
                      <Button
                        type="text"
                        className="invite-row-remove"
                        icon={<MinusCircleOutlined />}
                        aria-label={t('users.invite.removeUser', { n: index + 1 })}
                        disabled={!canRemoveRow(fields.length)}
                        onClick={() => remove(field.name)}
                      />
                    </div>
                  </div>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  disabled={!canAddRow(fields.length)}
                  onClick={() => add(newRow())}
                >
                  {t('users.invite.addUser')}
                </Button>
                <Form.ErrorList errors={errors} />
              </>
            )}
          </Form.List>
        </Form>
      </div>
      {step === 'confirm' && (
        <>
          <p>{t('users.invite.confirmIntro', { count: entered.length })}</p>
          {error && <Alert type="error" showIcon title={error} className="form-alert" role="alert" />}
          <Table<InviteRow & { n: number }>
            size="small"
            pagination={false}
            scroll={{ x: true }}
            rowKey="n"
            aria-label={t('users.invite.confirmTable')}
            dataSource={entered.map((row, i) => ({ ...row, n: i + 1 }))}
            columns={[
              {
                key: 'titlePrefix',
                title: t('users.fields.titlePrefix'),
                render: (_, r) => (r.titlePrefix ? t(`titles.${r.titlePrefix}`) : ''),
              },
              { key: 'firstName', title: t('users.fields.firstName'), dataIndex: 'firstName' },
              { key: 'lastName', title: t('users.fields.lastName'), dataIndex: 'lastName' },
              {
                key: 'userRole',
                title: t('users.fields.userRole'),
                render: (_, r) => roles.find((o) => o.value === r.userRole)?.label ?? '',
              },
              {
                key: 'email',
                title: t('users.fields.email'),
                render: (_, r) => <span dir="ltr">{r.email?.trim()}</span>,
              },
              ...(withCountry
                ? [
                    {
                      key: 'country',
                      title: t('users.fields.country'),
                      render: (_: unknown, r: InviteRow) =>
                        countryOptions.find((o) => o.value === r.countryCode)?.label ?? '',
                    },
                  ]
                : []),
              {
                key: 'language',
                title: t('users.fields.language'),
                render: (_: unknown, r: InviteRow) => (r.language ? t(`languages.${r.language}`) : ''),
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
