import { useState } from 'react';
import { Alert, Button, Input, Table, Tag } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Role } from '@portal/shared';
import { serverMessageText } from '../profile/serverMessage';
import { roleLabel } from '../session/roleLabel';
import { useCountries } from '../countries/useCountries';
import { useRegionName } from '../session/useRegionName';
import { userKeys, usersApi, type DirectoryUser } from './api';
import { countryLabel } from '../countries/label';
import { InviteUsersDialog } from './InviteUsersDialog';
import { PendingInvitationActions } from './PendingInvitationActions';
import type { Inviter } from './inviteForm';
import { filterUsers } from './usersFilter';
import './users.css';

const STATUS_COLOURS: Record<string, string> = { ACTIVE: 'green', PENDING: 'gold', DISABLED: 'default' };

interface Props {
  inviter: Inviter;
  /** The secretariat's list spans countries and roles: show those columns. */
  withCountry: boolean;
}

/** The users a chief negotiator (or the secretariat) manages: a searchable table and the invite dialog. */
export function UsersDirectory({ inviter, withCountry }: Props) {
  const { t, i18n } = useTranslation();
  const regionName = useRegionName();
  const countries = useCountries();
  const [search, setSearch] = useState('');
  const [inviting, setInviting] = useState(false);
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: userKeys.focal(), queryFn: ({ signal }) => usersApi.focal(signal) });
  const rows = filterUsers(list.data ?? [], search);
  const countryName = (u: DirectoryUser) => {
    const c = countries.data?.find((x) => x.code === u.countryCode);
    return c ? countryLabel(c, i18n.language) : (u.countryName ?? '');
  };
  const withRole = withCountry && rows.some((u) => u.userRole);
  const withActions = (list.data ?? []).some((u) => u.status === 'PENDING');
  const refetch = () => void queryClient.invalidateQueries({ queryKey: userKeys.focal() });

  return (
    <>
      <div className="users-toolbar">
        <Input.Search
          className="users-search"
          allowClear
          aria-label={t('users.list.search')}
          placeholder={t('users.list.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
          {t('users.list.invite')}
        </Button>
      </div>
      {list.isError && <Alert type="error" showIcon title={serverMessageText(list.error, t)} className="form-alert" />}
      <Table<DirectoryUser>
        rowKey="userId"
        size="middle"
        loading={list.isLoading}
        dataSource={rows}
        scroll={{ x: true }}
        aria-label={t('users.list.label')}
        locale={{ emptyText: search ? t('users.list.noMatch') : t('users.list.empty') }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          {
            key: 'name',
            title: t('users.fields.name'),
            sorter: (a, b) =>
              `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`, i18n.language),
            render: (_, u) =>
              [
                u.titlePrefix ? t(`titles.${u.titlePrefix}` as 'titles.Mr', { defaultValue: u.titlePrefix }) : '',
                u.firstName,
                u.lastName,
              ]
                .filter(Boolean)
                .join(' '),
          },
          { key: 'email', title: t('users.fields.email'), render: (_, u) => <span dir="ltr">{u.email}</span> },
          ...(withRole
            ? [
                {
                  key: 'role',
                  title: t('users.fields.userRole'),
                  render: (_: unknown, u: DirectoryUser) =>
                    u.userRole ? roleLabel(u.userRole as Role, t, regionName, i18n.language) : '',
                },
              ]
            : []),
          ...(withCountry
            ? [
                {
                  key: 'country',
                  title: t('users.fields.country'),
                  render: (_: unknown, u: DirectoryUser) => countryName(u),
                },
              ]
            : []),
          { key: 'title', title: t('users.fields.title'), dataIndex: 'title' },
          {
            key: 'phone',
            title: t('users.fields.phoneNumber'),
            render: (_, u) => <span dir="ltr">{u.phoneNumber}</span>,
          },
          {
            key: 'whatsapp',
            title: t('users.fields.whatsappNumber'),
            render: (_, u) => <span dir="ltr">{u.whatsappNumber}</span>,
          },
          {
            key: 'status',
            title: t('users.fields.status'),
            render: (_, u) => (
              <Tag color={STATUS_COLOURS[u.status] ?? 'default'}>
                {t(`users.status.${u.status}` as 'users.status.ACTIVE', { defaultValue: u.status })}
              </Tag>
            ),
          },
          ...(withActions
            ? [
                {
                  key: 'actions',
                  title: t('pendingInvitations.actions'),
                  render: (_: unknown, u: DirectoryUser) =>
                    u.status === 'PENDING' ? <PendingInvitationActions user={u} onChanged={refetch} /> : null,
                },
              ]
            : []),
        ]}
      />
      <InviteUsersDialog open={inviting} onClose={() => setInviting(false)} inviter={inviter} />
    </>
  );
}
